kernel s01_stored_padding_remask_dropped(X: f32[R, C], Y: f32[R, 64], W: f32[R]):
    assume R % 4 == 0 and C >= 1 and C <= 64
    grid R / 4
    threads 128
    x = load X[block.x * 4 : +4, 0 : +64] masked(fill=7.0)
    store Y[block.x * 4 : +4, 0 : +64], x
    barrier
    y = load Y[block.x * 4 : +4, 0 : +64] masked(fill=0.0)
    s = sum(mask(y, index(y, axis=1) < 64, fill=0.0), axis=1)
    store W[block.x * 4 : +4], s
