# A running minimum written as a select of its own comparison's sides, started at 1.0: every
# row whose values all exceed 1.0 comes out 1.0.
kernel rowmin(X: f32[R, C], Y: f32[R]):
    assume R % 4 == 0 and C % 64 == 0 and C >= 64
    grid (R / 4)
    threads 64
    tag X[r, c] = (row=r, col=c)
    tag Y[r] = (row=r, col=range(0, C))
    z = zeros f32[4]
    m = z + 1.0
    for ct in range(C / 64):
        x = load X[block.x * 4 : +4, ct * 64 : +64]
        t = min(x, axis=1)
        m = where(t < m, t, m)  #! warning[START]
    store Y[block.x * 4 : +4], m
