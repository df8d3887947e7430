# RMSNorm: y[r, c] = x[r, c] / sqrt(mean(x[r, :]^2) + eps) * w[c].
# Optimizations: a block normalises BR whole rows held in registers; the weight vector is
# loaded once per block and broadcast over the rows.
kernel rmsnorm(X: f32[R, 1024], W: f32[1024], Y: f32[R, 1024]):
    assume R % 4 == 0
    const BR, C = 4, 1024
    grid (R / BR)
    threads 256
    tag X[r, c] = (row=r, col=c)
    tag W[c] = (wcol=c)
    tag Y[r, c] = (row=r)
    x = load X[block.x * BR : +BR, 0 : +C]
    w = load W[0 : +C]
    xh = load X[block.x * BR : +BR, 0 : +512]
    ss = sum(xh * xh, axis=1)
    assert tag(ss[i]).row == block.x * BR + i and tag(ss[i]).col == range(0, C)  #! error[TAG]
    inv = rsqrt(ss / 1024.0 + 0.00001)
    y = x * bcast(inv, axis=1, n=C) * bcast(w, axis=0, n=BR)
    assert tag(y[i, j]).wcol == j
    store Y[block.x * BR : +BR, 0 : +C], y
