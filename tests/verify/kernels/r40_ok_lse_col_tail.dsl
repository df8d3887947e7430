# row logsumexp with a column tail, two passes: L[r] = log(sum_c exp(X[r, c]))
kernel lse_tail(X: f32[R, C], L: f32[R]):
    assume R % 8 == 0 and C >= 1
    const BR, BC = 8, 128
    grid (R / BR)
    threads 256
    tag X[r, c] = (row=r, col=c)
    tag L[r] = (row=r)
    z = zeros f32[BR]
    m = z - inf
    for ct in range((C + BC - 1) / BC):
        x = load X[block.x * BR : +BR, ct * BC : +BC] masked(fill=-inf)
        m = maximum(m, max(x, axis=1))
    s = zeros f32[BR]
    for ct in range((C + BC - 1) / BC):
        x = load X[block.x * BR : +BR, ct * BC : +BC] masked(fill=-inf)
        s = s + sum(exp(x - bcast(m, axis=1, n=BC)), axis=1)
    assert covers(tag(s[i]).col, 0, C)
    l = m + log(s)
    store L[block.x * BR : +BR], l
