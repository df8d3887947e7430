kernel loopvar_t_sbound(X: f32[R, 32], Y: f32[R, 32]):
    assume R % 32 == 0
    grid (R / 32)
    threads 128
    tag X[r, c] = (row=r, col=c)
    s = shared f32[64]
    for t in range(4):
        x = load X[block.x * 32 + t, 0 : +32]
        store s[t * 16 : +32], x
    barrier
    y = load X[block.x * 32 : +32, 0 : +32]
    store Y[block.x * 32 : +32, 0 : +32], y
