kernel f17_mask_fill_f16(Z: f16[R, 64], LEN: i32[R], W: f32[R]):
    assume R % 4 == 0
    assume LEN[r] >= 0 and LEN[r] <= 64
    grid (R / 4)
    threads 256
    tag Z[r, c] = (row=r, col=c)
    tag W[r] = (row=r, col=range(0, LEN[r]))
    z = load Z[block.x * 4 : +4, 0 : +64]
    ln = load LEN[block.x * 4 : +4]
    zm = mask(z, index(z, axis=1) < bcast(ln, axis=1, n=64), fill=2049.0)
    p = zm - 2049.0
    s = sum(cast(p, f32), axis=1)
    store W[block.x * 4 : +4], s
