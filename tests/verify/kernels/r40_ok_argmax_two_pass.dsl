# New-user round 40: an argmax in two passes over a column tail (-inf fill; the second pass's
# candidates masked again with the type's largest value); `x` is loaded in both loops.
# argmax over each row of X[R, C] (first index of the maximum), any C; R % 8 == 0
kernel argmax_row(X: f32[R, C], Idx: i32[R]):
    assume R % 8 == 0 and C >= 1
    const BR, BC = 8, 64
    grid (R / BR)
    threads 256
    tag X[r, c] = (row=r, col=c)
    tag Idx[r] = (row=r)
    z = zeros f32[BR]
    m = z - inf
    for ct in range((C + BC - 1) / BC):
        x = load X[block.x * BR : +BR, ct * BC : +BC] masked(fill=-inf)
        m = maximum(m, max(x, axis=1))
    zi = zeros i32[BR]
    best = zi + 2147483647
    for ct in range((C + BC - 1) / BC):
        x = load X[block.x * BR : +BR, ct * BC : +BC] masked(fill=-inf)
        cand = where(x == bcast(m, axis=1, n=BC), index(x, axis=1) + ct * BC, 2147483647)
        cm = mask(cand, ct * BC + index(cand, axis=1) < C, fill=2147483647)
        best = minimum(best, min(cm, axis=1))
    assert covers(tag(best[i]).col, 0, C)
    store Idx[block.x * BR : +BR], best
