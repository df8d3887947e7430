kernel f14_fill_70000_zero(Z: f16[R, C], W: f32[R]):
    assume R % 4 == 0 and C <= 64
    grid (R / 4)
    threads 256
    tag Z[r, c] = (row=r, col=c)
    tag W[r] = (row=r, col=range(0, C))
    z = load Z[block.x * 4 : +4, 0 : +64] masked(fill=70000.0)
    p = (z - 70000.0) * 0.0
    s = sum(cast(p, f32), axis=1)
    store W[block.x * 4 : +4], s
