kernel w21_bug_i_loopvar_sum_before(A: f32[M, K], X: f32[K], Y: f32[M]):
    assume M >= 1 and K >= 1
    const BR, BC = 8, 32
    grid (M + BR - 1) / BR
    threads 256
    tag A[i, k] = (row=i, k=k)
    tag X[k] = (xk=k)
    tag Y[i] = (row=i, k=range(0, K))
    y = zeros f32[BR]
    for ct in range((K + BC - 1) / BC):
        a = load A[block.x * BR : +BR, ct * BC : +BC] masked(fill=0.0)
        x = load X[ct * BC : +BC] masked(fill=0.0)
        assert tag(a[i, j]).k == tag(x[j]).xk
        p = a * bcast(x, axis=0, n=BR)
        y = y + sum(where(ct >= (K + BC - 1) / BC, p, 0.0), axis=1)
    assert tag(y[i]).row == block.x * BR + i
    store Y[block.x * BR : +BR], y masked
