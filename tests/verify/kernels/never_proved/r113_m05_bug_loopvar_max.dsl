kernel m05_bug_loopvar_max(A: f32[M, K], Y: f32[M]):
    assume M >= 1 and K >= 1
    const BR, BC = 8, 32
    grid (M + BR - 1) / BR
    threads 256
    tag A[i, k] = (row=i, k=k)
    tag Y[i] = (row=i)
    z = zeros f32[BR]
    y = z - inf
    for ct in range((K + BC - 1) / BC):
        a = load A[block.x * BR : +BR, ct * BC : +BC] masked(fill=-inf)
        q = where(ct < 1, a, -inf)
        y = maximum(y, max(q, axis=1))
    assert block.x * BR + i >= M or covers(tag(y[i]).k, 0, K)
    store Y[block.x * BR : +BR], y masked
