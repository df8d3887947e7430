# h02, but the shared tile is initialised with ones (zeros + 1.0): 1.0 is stored where Y holds zeros.
kernel h03_bug_stage_half_ones_cond(X: f32[R, 64], Y: f32[R, 64]):
    assume R % 4 == 0
    grid (R / 4)
    threads 128
    tag X[r, c] = (row=r, col=c)
    tag Y[r, c] = (row=r, col=c) if c < 32
    s = shared f32[4, 64]
    z = zeros f32[4, 64]
    o = z + 1.0
    store s[0 : +4, 0 : +64], o
    barrier
    copy s[0 : +4, 0 : +32], X[block.x * 4 : +4, 0 : +32]
    barrier
    y = load s[0 : +4, 0 : +64]
    store Y[block.x * 4 : +4, 0 : +64], y
