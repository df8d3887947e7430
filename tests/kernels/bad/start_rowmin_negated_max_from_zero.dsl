# A row minimum written through negation, `m = -maximum(-m, min(x))`, whose running value
# starts at 0.0 (zeros) instead of inf: -maximum(-m, y) is minimum(m, -y), so a row of
# positive values comes out 0.0.
kernel rowmin_negated(X: f32[R, C], Y: f32[R]):
    assume R % 4 == 0 and C % 64 == 0 and C >= 64
    grid (R / 4)
    threads 64
    tag X[r, c] = (row=r, col=c)
    tag Y[r] = (row=r, col=range(0, C))
    m = zeros f32[4]
    for ct in range(C / 64):
        x = load X[block.x * 4 : +4, ct * 64 : +64]
        m = -maximum(-m, -min(x, axis=1))  #! warning[START]
    store Y[block.x * 4 : +4], m
