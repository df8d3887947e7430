# New-user round 50: a first-argmax inside each column tile, the `where` written inline in
# the `min` (its padding: the i32 sentinel 2147483647, the min's identity); refuted while a
# named temporary of the same `where` proved.
kernel argmax_tile_inline_where(X: f32[R, C], V2: f32[R], P: i32[R]):
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
        pos = min(where(x == bcast(t1, axis=1, n=BC), index(x, axis=1), 2147483647), axis=1)
        pb = where(t1 > m2, pos, pb)
        m2 = maximum(m2, t1)
    store V2[block.x * BR : +BR], m2
    store P[block.x * BR : +BR], pb
