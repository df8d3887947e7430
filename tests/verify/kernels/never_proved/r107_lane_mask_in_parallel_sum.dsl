kernel c4_lane_mask(X: f32[R, 256], Y: f32[R, 256]):
    assume R % 4 == 0
    grid (R / 4)
    threads 128
    x = load X[block.x * 4 : +4, 0 : +256]
    s = sum(mask(x, thread.lane < 16, fill=0.0), axis=0) layout (128, 2):(2, 1)
    t = bcast(s, axis=0, n=4)
    store Y[block.x * 4 : +4, 0 : +256], t
