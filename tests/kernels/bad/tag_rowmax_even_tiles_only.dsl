# Held out (2026-12-02): a running row max updated through a temporary only `if ct % 2 == 0`:
# the odd column tiles are never seen (needs C >= 2 tiles of 64).
kernel rowmax_even_tiles_only(X: f32[R, C], Y: f32[R]):
    assume R % 4 == 0 and C % 64 == 0 and C >= 128
    grid (R / 4)
    threads 64
    tag X[r, c] = (row=r, col=c)
    tag Y[r] = (row=r, col=range(0, C))
    m0 = zeros f32[4]
    m = m0 - inf
    for ct in range(C / 64):
        x = load X[block.x * 4 : +4, ct * 64 : +64]
        if ct % 2 == 0:
            m_new = maximum(m, max(x, axis=1))
            m = m_new
    store Y[block.x * 4 : +4], m  #! error[TAG]
