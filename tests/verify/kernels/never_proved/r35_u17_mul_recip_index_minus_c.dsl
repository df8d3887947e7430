kernel u17_mul_recip_index_minus_c(X: f32[R, C], W: f32[R]):
    assume R % 4 == 0 and C >= 1 and C <= 64
    grid R / 4
    threads 256
    tag X[r, c] = (row=r, col=c)
    tag W[r] = (row=r, col=range(0, C))
    zz = zeros f32[4, 64]
    x = load X[block.x * 4 : +4, 0 : +64] masked(fill=0.0)
    s = sum(x * (1.0 / cast(index(x, axis=1) - C, f32)), axis=1)
    store W[block.x * 4 : +4], s
