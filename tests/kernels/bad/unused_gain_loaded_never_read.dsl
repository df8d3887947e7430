# Held-out round 134's u01: RMSNorm that loads its gain G but never multiplies by it (the
# output is unscaled). G is read, so the parameter warning passed it; its tile g is read by
# no statement, so nothing the kernel computes depends on G.
kernel gain_of_rmsnorm(X: f32[R, 256], G: f32[256], Y: f32[R, 256]):
    assume R % 4 == 0
    grid R / 4
    threads 128
    tag X[r, c] = (row=r, col=c)
    tag G[c] = (gcol=c)
    tag Y[r, c] = (row=r)
    x = load X[block.x * 4 : +4, 0 : +256]
    g = load G[0 : +256]  #! warning[UNUSED]
    ms = sum(x * x, axis=1) * 0.00390625
    rs = rsqrt(ms + 0.00001)
    y = x * bcast(rs, axis=1, n=256)
    store Y[block.x * 4 : +4, 0 : +256], y
