# Wrong: each iteration stores the previous iteration's y at its own columns (Y's tag names
# only rows, so the shift is for the padding's place to refuse: it is of another iteration).
# Softmax over rows of any width C: pass 1 keeps a running max and rescaled sum over
# 128-wide column tiles (tail masked with -inf), pass 2 writes exp(x - m) / l.
kernel online_softmax_tail(X: f32[R, C], Y: f32[R, C]):
    assume R % 4 == 0 and C >= 1
    const BR, BC = 4, 128
    grid R / BR
    threads 128
    tag X[r, c] = (row=r, col=c)
    tag Y[r, c] = (row=r)
    zr = zeros f32[BR]
    m = zr - inf
    l = zeros f32[BR]
    for ct in range((C + BC - 1) / BC):
        x = load X[block.x * BR : +BR, ct * BC : +BC] masked(fill=-inf)
        m_prev = m
        m = maximum(m, max(x, axis=1))
        l = l * exp(m_prev - m) + sum(exp(x - bcast(m, axis=1, n=BC)), axis=1)
    assert tag(m[i]).row == block.x * BR + i and tag(m[i]).col == range(0, C)
    assert tag(l[i]).row == block.x * BR + i
    y = zeros f32[BR, BC]
    for ct in range((C + BC - 1) / BC):
        if ct > 0:
            store Y[block.x * BR : +BR, ct * BC : +BC], y masked
        xs = load X[block.x * BR : +BR, ct * BC : +BC] masked(fill=-inf)
        y = exp(xs - bcast(m, axis=1, n=BC)) / bcast(l, axis=1, n=BC)
