# An online softmax that peels tile 0's maximum but starts the running sum at 1.0 instead of
# tile 0's sum of exp(x - m), and loops from tile 1: `l = l * exp(m_prev - m) + ...` keeps
# 1.0 times the rescales, and tile 0's other terms are lost. The claims say nothing of l's
# columns, so it proves; START points at the start, which the first rescale does not erase
# (m starts at data, not at -inf).
kernel online_softmax(X: f32[R, C], Y: f32[R, C]):
    assume R % 4 == 0 and C % 128 == 0 and C >= 128
    const BR, BC = 4, 128
    grid (R / BR)
    threads 128
    tag X[r, c] = (row=r, col=c)
    tag Y[r, c] = (row=r)
    z = zeros f32[BR]
    x0 = load X[block.x * BR : +BR, 0 : +BC]
    m = max(x0, axis=1)
    l = z + 1.0
    for ct in range(1, C / BC):
        x = load X[block.x * BR : +BR, ct * BC : +BC]
        m_prev = m
        m = maximum(m, max(x, axis=1))
        l = l * exp(m_prev - m) + sum(exp(x - bcast(m, axis=1, n=BC)), axis=1)  #! warning[START]
    assert tag(m[i]).row == block.x * BR + i and tag(m[i]).col == range(0, C)
    assert tag(l[i]).row == block.x * BR + i
    for ct in range(C / BC):
        xs = load X[block.x * BR : +BR, ct * BC : +BC]
        y = exp(xs - bcast(m, axis=1, n=BC)) / bcast(l, axis=1, n=BC)
        store Y[block.x * BR : +BR, ct * BC : +BC], y
