# Online softmax: the row max and the normaliser in one streaming pass over column
# tiles (the running sum is rescaled whenever the running max grows), then a second
# pass writes exp(x - max) / sum. The building block of flash attention.
# Optimizations: column tiling with running statistics per row (online softmax).
kernel online_softmax(X: f32[R, C], Y: f32[R, C]):
    assume R % 4 == 0 and C % 128 == 0 and C >= 128
    const BR, BC = 4, 128
    grid (R / BR)
    threads 128
    tag X[r, c] = (row=r, col=c)
    tag Y[r, c] = (row=r)
    x0 = load X[block.x * BR : +BR, 0 : +BC]
    m = max(x0, axis=1)
    l = sum(exp(x0 - bcast(m, axis=1, n=BC)), axis=1)
    for ct in range(1, C / BC):
        x = load X[block.x * BR : +BR, ct * BC : +BC]
        m_prev = m
        m = maximum(m, max(x, axis=1))
        assert tag(m_prev[i]).row == tag(m[i]).row
        l = l * exp(m_prev - m) + sum(exp(x - bcast(m, axis=1, n=BC)), axis=1)
    assert tag(m[i]).row == block.x * BR + i and tag(m[i]).col == range(0, C)
    assert tag(l[i]).row == block.x * BR + i
    for ct in range(C / BC):
        xs = load X[block.x * BR : +BR, ct * BC : +BC]
        y = exp(xs - bcast(m, axis=1, n=BC)) / bcast(l, axis=1, n=BC)
        store Y[block.x * BR : +BR, ct * BC : +BC], y
