# A running row max updated through a temporary (m_new = maximum(m, ...); m = m_new): the
# tag data flow used to recurse without end (RecursionError, exit 4), then said unknown; the
# copy-back now reads as the in-place update it is (encode/copyback.py) and the kernel proves.
kernel rowmax(X: f32[R, C], Y: f32[R]):
    assume R % 4 == 0 and C % 128 == 0 and C >= 128
    const BR, BC = 4, 128
    grid (R / BR)
    threads 128
    tag X[r, c] = (row=r, col=c)
    tag Y[r] = (row=r)
    x0 = load X[block.x * BR : +BR, 0 : +BC]
    m = max(x0, axis=1)
    for ct in range(1, C / BC):
        x = load X[block.x * BR : +BR, ct * BC : +BC]
        m_new = maximum(m, max(x, axis=1))
        m = m_new
    assert tag(m[i]).row == block.x * BR + i and tag(m[i]).col == range(0, C)
    store Y[block.x * BR : +BR], m
