kernel u23_sum_times_exp2_index(X: f32[R, C], W: f32[R]):
    assume R % 4 == 0 and C >= 1 and C <= 64
    grid R / 4
    threads 256
    tag X[r, c] = (row=r, col=c)
    tag W[r] = (row=r, col=range(0, C))
    x = load X[block.x * 4 : +4, 0 : +64] masked(fill=0.0)
    s = sum(x * exp2(cast(index(x, axis=1) - C, f32) * 200.0), axis=1)
    store W[block.x * 4 : +4], s
