kernel a11_min_of_maximum_fill_inf(X: f32[R, 64], W: f32[R]):
    assume R % 4 == 0
    grid R / 4
    threads 256
    l = load X[block.x * 4 : +4, -1 : +64] masked(fill=inf)
    c = load X[block.x * 4 : +4, 0 : +64]
    m = maximum(l, c)
    s = min(m, axis=1)
    store W[block.x * 4 : +4], s
