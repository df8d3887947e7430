# The same started from a named constant (`zi + LO`, LO = -1), which was not folded.
kernel maxstart_mask(X: i32[R, C], Idx: i32[R]):
    assume R % 8 == 0 and C >= 1
    const BR, BC, LO = 8, 64, -1
    grid (R / BR)
    threads 64
    tag X[r, c] = (row=r, col=c)
    tag Idx[r] = (row=r)
    zi = zeros i32[BR]
    best = zi + LO
    for ct in range((C + BC - 1) / BC):
        x = load X[block.x * BR : +BR, ct * BC : +BC] masked(fill=-1)
        cm = mask(x, ct * BC + index(x, axis=1) < C, fill=-1)
        best = maximum(best, max(cm, axis=1))
    store Idx[block.x * BR : +BR], best
