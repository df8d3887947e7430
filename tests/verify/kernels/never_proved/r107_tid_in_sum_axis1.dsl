kernel c1_tid_in_sum(X: f32[R, 256], Y: f32[R]):
    assume R % 4 == 0
    grid (R / 4)
    threads 128
    x = load X[block.x * 4 : +4, 0 : +256]
    s = sum(x * thread.x, axis=1)
    store Y[block.x * 4 : +4], s
