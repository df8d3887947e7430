# Held-out round 60: a where over -inf padding whose condition is false there (x > -inf) picks
# the -inf side; the x * x side's inf padding was kept there and a correct max refuted.
kernel tmp3(X: f32[R, C], S: f32[R], M: f32[R]):
    assume R % 4 == 0 and C >= 1
    const BR, BC = 4, 64
    grid R / BR
    threads 128
    tag X[r, c] = (row=r, col=c)
    tag S[r] = (row=r)
    tag M[r] = (row=r)
    z = zeros f32[BR]
    m = z - inf
    for ct in range((C + BC - 1) / BC):
        x = load X[block.x * BR : +BR, ct * BC : +BC] masked(fill=-inf)
        t = x * x
        u = where(x > -inf, t, -inf)
        m = maximum(m, max(u, axis=1))
    s = zeros f32[BR]
    s = s + m
    assert covers(tag(m[i]).col, 0, C)
    store S[block.x * BR : +BR], s
    store M[block.x * BR : +BR], m
