# New-user round 53: the last row index of each column's minimum, a running maximum of candidate
# indices started and padded with the i32 minimum, -2147483648 (its cast was taken for one that
# does not fit), the candidates past R masked again by rows (a comparison's padding place).
kernel last_argmin_col(X: f32[R, C], Idx: i32[C]):
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
    best = zi - 2147483648
    for rt in range((R + BR - 1) / BR):
        x = load X[rt * BR : +BR, block.x * BC : +BC] masked(fill=inf)
        cand = where(x == bcast(m, axis=0, n=BR), index(x, axis=0) + rt * BR, -2147483648)
        cm = mask(cand, rt * BR + index(cand, axis=0) < R, fill=-2147483648)
        best = maximum(best, max(cm, axis=0))
    assert covers(tag(best[j]).row, 0, R) and tag(best[j]).col == block.x * BC + j
    store Idx[block.x * BC : +BC], best
