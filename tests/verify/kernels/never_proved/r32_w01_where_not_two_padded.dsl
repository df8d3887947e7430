kernel w01_where_not_two_padded(X: f32[R, C], Y: f32[R, C], W: f32[R]):
    assume R % 4 == 0 and C >= 1 and C <= 64
    grid R / 4
    threads 256
    x = load X[block.x * 4 : +4, 0 : +64] masked(fill=-inf)
    y = load Y[block.x * 4 : +4, 0 : +64] masked(fill=-inf)
    s = sum(where(not (x > y), 1.0, 3.0), axis=1)
    store W[block.x * 4 : +4], s
