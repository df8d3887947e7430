# New-user round 53: the last row index of each column's minimum, its candidates padded with -1 under a
# running maximum started at -1: the padding never rises above the start, so it never wins (a FILL
# finding before; START still warns that -1 is not max's identity).
kernel last_argmin_fill_start(X: f32[R, C], Idx: i32[C]):
    assume R >= 1 and C % 64 == 0
    const BR, BC = 32, 64
    grid (C / BC)
    threads 64
    tag X[r, c] = (row=r, col=c)
    tag Idx[c] = (col=c)
    z = zeros f32[BC]
    m = z + inf
    for rt in range((R + BR - 1) / BR):
        x = load X[rt * BR : +BR, block.x * BC : +BC] masked(fill=inf)
        m = minimum(m, min(x, axis=0))
    zi = zeros i32[BC]
    best = zi - 1
    for rt in range((R + BR - 1) / BR):
        x = load X[rt * BR : +BR, block.x * BC : +BC] masked(fill=inf)
        cand = where(x == bcast(m, axis=0, n=BR), index(x, axis=0) + rt * BR, -1)
        cm = mask(cand, rt * BR + index(cand, axis=0) < R, fill=-1)
        best = maximum(best, max(cm, axis=0))
    assert covers(tag(best[j]).row, 0, R) and tag(best[j]).col == block.x * BC + j
    store Idx[block.x * BC : +BC], best
