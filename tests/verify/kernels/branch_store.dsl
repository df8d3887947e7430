# Per-thread branch into shared memory: even threads store their element doubled, odd
# threads their element plus one; between them every element of s is written once, so
# the read after the barrier sees each element's own input.
kernel parity_stage(X: f32[N], Y: f32[N]):
    assume N % 256 == 0
    grid (N / 256)
    threads 256
    tag X[i] = (i=i)
    s = shared f32[256]
    x = load X[block.x * 256 : +256]
    d = x * 2.0
    p = x + 1.0
    if thread.x % 2 == 0:
        store s[0 : +256], d
    else:
        store s[0 : +256], p
    barrier
    y = load s[0 : +256]
    assert tag(y[i]).i == block.x * 256 + i
    store Y[block.x * 256 : +256], y
