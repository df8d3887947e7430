# r46_ok_argmax_one_pass with the candidates compared on rows loaded at block.x instead of
# block.x * BR (the tile height forgotten): the running index takes records of other rows,
# refuted through the replacement update.
kernel argmax_rows(X: f16[R, C], Val: f32[R], Idx: i32[R]):
    assume R % 8 == 0 and C >= 1
    const BR, BC = 8, 128
    grid (R / BR)
    threads 256
    tag X[r, c] = (row=r, col=c)
    tag Val[r] = (row=r, col=range(0, C))
    tag Idx[r] = (row=r)
    z = zeros f32[BR]
    m = z - inf
    zi = zeros i32[BR]
    best = zi - 1
    for ct in range((C + BC - 1) / BC):
        xh = load X[block.x * BR : +BR, ct * BC : +BC] masked(fill=-inf)
        x = cast(xh, f32)
        tmax = max(x, axis=1)
        xw = load X[block.x : +BR, ct * BC : +BC] masked(fill=-inf)
        cand = where(cast(xw, f32) == bcast(tmax, axis=1, n=BC), index(x, axis=1) + ct * BC, 2147483647)
        tidx = min(cand, axis=1)
        best = where(tmax > m, tidx, best)
        m = maximum(m, tmax)
    assert tag(m[i]).row == block.x * BR + i
    assert tag(best[i]).row == block.x * BR + i  #! error[TAG]
    store Val[block.x * BR : +BR], m
    store Idx[block.x * BR : +BR], best  #! error[TAG]
