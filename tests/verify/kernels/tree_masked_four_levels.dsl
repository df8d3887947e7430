# New-user round 42: a masked tail through a four-level tree reduction in shared memory; the
# tag walk pairs records at each level and outgrew any budget, ignoring --timeout (it must
# end as unknown when the budget runs out: tests/test_limits.py).
kernel tree_masked(X: f32[N], P: f32[NP]):
    assume N >= 1 and NP == (N + 255) / 256
    grid (NP)
    threads 128
    tag X[n] = (blk=n / 256, e=n)
    tag P[b] = (blk=b)
    s = shared f32[256]
    x = load X[block.x * 256 : +256] masked(fill=0.0)
    store s[0 : +256], x
    barrier
    a1 = load s[0 : +128]
    b1 = load s[128 : +128]
    p1 = a1 + b1
    store s[0 : +128], p1
    barrier
    a2 = load s[0 : +64]
    b2 = load s[64 : +64]
    p2 = a2 + b2
    store s[0 : +64], p2
    barrier
    a3 = load s[0 : +32]
    b3 = load s[32 : +32]
    p3 = a3 + b3
    store s[0 : +32], p3
    barrier
    a4 = load s[0 : +16]
    b4 = load s[16 : +16]
    p4 = a4 + b4
    store s[0 : +16], p4
    barrier
    t = load s[0 : +16]
    r = sum(reshape(t, shape=(1, 16)), axis=1)
    store P[block.x : +1], r
