# Naive LayerNorm seed over rows of 256: y = (x - mean) / sqrt(var + eps) * g + b, one row
# per block, two row reductions.
kernel layernorm(X: f32[R, 256], G: f32[256], Bv: f32[256], Y: f32[R, 256]):
    const C = 256
    grid (R)
    threads 64
    tag X[r, c] = (row=r, col=c)
    tag G[c] = (gcol=c)
    tag Bv[c] = (gcol=c)
    tag Y[r, c] = (row=r)
    x = load X[block.x : +1, 0 : +C]
    g = load G[0 : +C]
    b = load Bv[0 : +C]
    mean = sum(x, axis=1) / 256.0
    assert tag(mean[i]).row == block.x + i and tag(mean[i]).col == range(0, C)
    d = x - bcast(mean, axis=1, n=C)
    var = sum(d * d, axis=1) / 256.0
    y = d * bcast(rsqrt(var + 0.00001), axis=1, n=C) * bcast(g, axis=0, n=1) + bcast(b, axis=0, n=1)
    assert tag(y[i, j]).gcol == j
    store Y[block.x : +1, 0 : +C], y
