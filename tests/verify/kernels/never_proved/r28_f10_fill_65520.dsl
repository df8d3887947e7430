kernel f10_fill_65520(Z: f16[R, C], W: f32[R]):
    assume R % 4 == 0 and C <= 64
    grid (R / 4)
    threads 256
    tag Z[r, c] = (row=r, col=c)
    tag W[r] = (row=r, col=range(0, C))
    z = load Z[block.x * 4 : +4, 0 : +64] masked(fill=65520.0)
    p = z - 65520.0
    s = sum(cast(p, f32), axis=1)
    store W[block.x * 4 : +4], s
