# Held-out round 128: `argus fill` chose TT = 64, the layout under which no thread that passes
# `if thread.x >= 64` holds an element of x: the claim checked nothing (the load reads the
# wrong columns). TT = 64 is ruled out now, TT = 128 is refuted: no completion.
kernel cp(X: f32[R, C], Y: f32[R, C]):
    assume R % 16 == 0 and C % 8 == 0
    const TT = ??{128, 64}
    grid (R / 16, C / 8)
    threads 128
    tag X[r, c] = (row=r, col=c)
    tag Y[r, c] = (row=r)
    x = load X[block.x * 16 : +16, 0 : +8] layout (TT, 128 / TT):(128 / TT, 1)
    if thread.x >= 64:
        assert tag(x[i, j]).col == block.y * 8 + j
    store Y[block.x * 16 : +16, block.y * 8 : +8], x
