kernel loopvar_t_cover(X: f32[R], Y: f32[R]):
    assume R % 128 == 0
    grid (R / 128)
    threads 128
    tag X[r] = (row=r)
    tag Y[r] = (row=r)
    for t in range(4):
        x = load X[block.x * 128 + t * 16 : +32]
        store Y[block.x * 128 + t * 16 : +32], x
