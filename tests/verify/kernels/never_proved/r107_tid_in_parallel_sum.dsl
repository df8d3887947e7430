kernel c3_tid_owner(X: f32[R, 256], Y: f32[R, 256]):
    assume R % 4 == 0
    grid (R / 4)
    threads 128
    x = load X[block.x * 4 : +4, 0 : +256]
    s = sum(x + thread.x, axis=0) layout (128, 2):(2, 1)
    t = bcast(s, axis=0, n=4)
    store Y[block.x * 4 : +4, 0 : +256], t
