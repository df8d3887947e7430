# LayerNorm with an assertion on rstd, any number of rows (new-user round 30): rstd of the rows past R
# is rsqrt(0.0 / C + 1e-5), padding computed from fills alone, where the assertion holds vacuously.
kernel layernorm_rows(X: f32[R, C], G: f32[C], Bv: f32[C], Y: f32[R, C]):
    assume R >= 1 and C % 128 == 0 and C >= 128
    const BR, BC = 4, 128
    grid (R + BR - 1) / BR
    threads 128
    tag X[r, c] = (row=r, col=c)
    tag G[c] = (gcol=c)
    tag Bv[c] = (gcol=c)
    tag Y[r, c] = (row=r, gcol=c)
    s = zeros f32[BR]
    for ct in range(C / BC):
        x = load X[block.x * BR : +BR, ct * BC : +BC] masked(fill=0.0)
        s = s + sum(x, axis=1)
    mean = s / C
    v = zeros f32[BR]
    for ct in range(C / BC):
        x2 = load X[block.x * BR : +BR, ct * BC : +BC] masked(fill=0.0)
        d = x2 - bcast(mean, axis=1, n=BC)
        v = v + sum(d * d, axis=1)
    rstd = rsqrt(v / C + 0.00001)
    assert tag(rstd[i]).row == block.x * BR + i
    for ct in range(C / BC):
        x3 = load X[block.x * BR : +BR, ct * BC : +BC] masked(fill=0.0)
        g = load G[ct * BC : +BC]
        b = load Bv[ct * BC : +BC]
        y = (x3 - bcast(mean, axis=1, n=BC)) * bcast(rstd, axis=1, n=BC) * bcast(g, axis=0, n=BR) + bcast(b, axis=0, n=BR)
        store Y[block.x * BR : +BR, ct * BC : +BC], y masked
