# New-user round 42: the first 128 threads add pairs in shared memory, loading with
# `layout (128, 1):(1, 0)`, the default's map on a 128-element tile of a 256-thread block;
# `p = a + b` (default layout) reads each thread's own values. The lowering compared the
# layouts as written and refused it ('a' read across threads under a thread condition).
kernel rowsum_half(X: f32[R, 256], Y: f32[R]):
    grid (R)
    threads 256
    tag X[r, c] = (row=r, col=c)
    tag Y[r] = (row=r)
    s = shared f32[1, 256]
    x = load X[block.x : +1, 0 : +256]
    store s[0 : +1, 0 : +256], x
    barrier
    if thread.x < 128:
        a = load s[0 : +1, 0 : +128] layout (128, 1):(1, 0)
        b = load s[0 : +1, 128 : +128] layout (128, 1):(1, 0)
        p = a + b
        store s[0 : +1, 0 : +128], p layout (128, 1):(1, 0)
    barrier
    t = load s[0 : +1, 0 : +128]
    y = sum(t, axis=1)
    assert covers(tag(y[0]).col, 0, 256)
    store Y[block.x : +1], y
