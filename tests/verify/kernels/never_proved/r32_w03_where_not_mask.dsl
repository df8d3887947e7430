kernel w03_where_not_mask(X: f32[R, 64], W: f32[R]):
    assume R % 4 == 0
    grid R / 4
    threads 256
    x = load X[block.x * 4 : +4, 0 : +64]
    s = sum(where(not (mask(x, index(x, axis=1) < 20, fill=-inf) > 0.0), 1.0, 3.0), axis=1)
    store W[block.x * 4 : +4], s
