# r50_ok_argmax_inline_where with the sentinel 0: the padding columns reach the min as 0
# where the min needs 2147483647, and the index of a padded column wins.
kernel argmax_tile_inline_where_sentinel_zero(X: f32[R, C], V2: f32[R], P: i32[R]):
    assume R % 8 == 0 and C >= 2
    const BR, BC = 8, 64
    grid (R / BR)
    threads 256
    tag X[r, c] = (row=r, col=c)
    tag V2[r] = (row=r)
    tag P[r] = (row=r)
    z = zeros f32[BR]
    zi = zeros i32[BR]
    m2 = z - inf
    pb = zi - 1
    for ct in range((C + BC - 1) / BC):
        x = load X[block.x * BR : +BR, ct * BC : +BC] masked(fill=-inf)
        t1 = max(x, axis=1)
        pos = min(where(x == bcast(t1, axis=1, n=BC), index(x, axis=1), 0), axis=1)  #! error[TAG]
        pb = where(t1 > m2, pos, pb)
        m2 = maximum(m2, t1)
    store V2[block.x * BR : +BR], m2
    store P[block.x * BR : +BR], pb
