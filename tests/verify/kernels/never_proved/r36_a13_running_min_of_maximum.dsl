kernel a13_running_min_of_maximum(X: f32[R, C], Y: f32[R, 64]):
    assume R % 4 == 0 and C % 64 == 0 and C >= 128
    grid R / 4
    threads 256
    zr = zeros f32[4, 64]
    m = zr + inf
    for ct in range(C / 64):
        l = load X[block.x * 4 : +4, ct * 64 - 1 : +64] masked(fill=inf)
        c = load X[block.x * 4 : +4, ct * 64 : +64]
        m = minimum(m, maximum(l, c))
    store Y[block.x * 4 : +4, 0 : +64], m
