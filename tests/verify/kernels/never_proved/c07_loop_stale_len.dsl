# Per column tile ct, a limit computed from ln BEFORE ln is reloaded for this tile: lim holds the
# previous tile's length, which can reach past C in the tail tile (fill 1.0 there). LEN[t] fits inside C.
kernel c07_loop_stale_len(X: f32[R, C], LEN: i32[T, R], Y: f32[R]):
    assume R % 4 == 0 and C >= 1 and T == (C + 63) / 64
    assume LEN[t, r] >= 1 and LEN[t, r] <= 64 and 64 * t + LEN[t, r] <= C
    const BR, BC = 4, 64
    grid (R / BR)
    threads 128
    tag X[r, c] = (row=r, col=c)
    tag Y[r] = (row=r)
    acc = zeros f32[BR]
    ln = load LEN[0, block.x * BR : +BR]
    for ct in range((C + BC - 1) / BC):
        lim = ln + 0
        ln = load LEN[ct, block.x * BR : +BR]
        x = load X[block.x * BR : +BR, ct * BC : +BC] masked(fill=1.0)
        u = mask(x, index(x, axis=1) < bcast(lim, axis=1, n=BC), fill=0.0)
        acc = acc + sum(u, axis=1)
    store Y[block.x * BR : +BR], acc
