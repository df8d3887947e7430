# LayerNorm over rows of width 256 for any number of rows R (row tail masked), gain and bias.
kernel r27_ok_layernorm_row_tail(X: f32[R, 256], G: f32[256], Bt: f32[256], Y: f32[R, 256]):
    assume R >= 1
    const BR, D = 4, 256
    grid (R + BR - 1) / BR
    threads 128
    tag X[r, c] = (row=r, col=c)
    tag G[c] = (gcol=c)
    tag Bt[c] = (gcol=c)
    tag Y[r, c] = (row=r)
    x = load X[block.x * BR : +BR, 0 : +D] masked(fill=0.0)
    g = load G[0 : +D]
    b = load Bt[0 : +D]
    mu = sum(x, axis=1) * 0.00390625
    assert tag(mu[i]).row == block.x * BR + i
    d = x - bcast(mu, axis=1, n=D)
    var = sum(d * d, axis=1) * 0.00390625
    rs = rsqrt(var + 0.00001)
    y = d * bcast(rs, axis=1, n=D) * bcast(g, axis=0, n=BR) + bcast(b, axis=0, n=BR)
    store Y[block.x * BR : +BR, 0 : +D], y masked
