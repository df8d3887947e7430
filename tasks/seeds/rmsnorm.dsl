# Naive RMSNorm seed over rows of 256: y = x / sqrt(mean(x^2) + eps) * w, one row per block.
kernel rmsnorm(X: f32[R, 256], W: f32[256], Y: f32[R, 256]):
    const C = 256
    grid (R)
    threads 64
    tag X[r, c] = (row=r, col=c)
    tag W[c] = (wcol=c)
    tag Y[r, c] = (row=r)
    x = load X[block.x : +1, 0 : +C]
    w = load W[0 : +C]
    ss = sum(x * x, axis=1)
    assert tag(ss[i]).row == block.x + i and tag(ss[i]).col == range(0, C)
    inv = rsqrt(ss / 256.0 + 0.00001)
    y = x * bcast(inv, axis=1, n=C) * bcast(w, axis=0, n=1)
    assert tag(y[i, j]).wcol == j
    store Y[block.x : +1, 0 : +C], y
