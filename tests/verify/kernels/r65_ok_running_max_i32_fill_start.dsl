# An i32 running maximum started at -1 over a column tail padded with -1: the padding never
# passes the start (new-user round 65: an integer fill was not compared with the start).
kernel minstart(X: i32[R, C], Idx: i32[R]):
    assume R % 8 == 0 and C >= 1
    const BR, BC = 8, 64
    grid (R / BR)
    threads 64
    tag X[r, c] = (row=r, col=c)
    tag Idx[r] = (row=r)
    zi = zeros i32[BR]
    best = zi - 1
    for ct in range((C + BC - 1) / BC):
        x = load X[block.x * BR : +BR, ct * BC : +BC] masked(fill=-1)
        best = maximum(best, max(x, axis=1))
    store Idx[block.x * BR : +BR], best
