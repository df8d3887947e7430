# LayerNorm: y[r, c] = (x[r, c] - mean(x[r, :])) / sqrt(var(x[r, :]) + eps) * g[c] + b[c].
# Optimizations: a block normalises BR whole rows in registers; two row reductions
# (mean, then the variance of the centred values); gain and bias broadcast over rows.
kernel layernorm(X: f32[R, 1024], G: f32[1024], Bv: f32[1024], Y: f32[R, 1024]):
    assume R % 4 == 0
    const BR, C = 4, 1024
    grid (R / BR)
    threads 256
    tag X[r, c] = (row=r, col=c)
    tag G[c] = (gcol=c)
    tag Bv[c] = (gcol=c)
    tag Y[r, c] = (row=r)
    x = load X[block.x * BR : +BR, 0 : +C]
    g = load G[0 : +C]
    b = load Bv[0 : +C]
    mean = sum(x, axis=1) / 1024.0
    assert tag(mean[i]).row == block.x * BR + i and tag(mean[i]).col == range(0, C)
    d = x - bcast(mean, axis=1, n=C)
    var = sum(d * d, axis=1) / 1024.0
    assert tag(var[i]).row == block.x * BR + i
    y = d * bcast(rsqrt(var + 0.00001), axis=1, n=C) * bcast(g, axis=0, n=BR) + bcast(b, axis=0, n=BR)
    assert tag(y[i, j]).gcol == j
    store Y[block.x * BR + 1 : +BR, 0 : +C], y  #! error[TAG]
