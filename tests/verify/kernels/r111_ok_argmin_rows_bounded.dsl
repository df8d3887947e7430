# Held-out round 111: an i32 argmin over row tiles, its index arithmetic (index + rt * BR) bounded
# by the assumption on R: the padding 2147483647 is min's identity (it was refuted, "min needs inf")
kernel r111_ok_argmin_rows_bounded(X: f32[R, C], I: i32[C]):
    assume R < 2000000000
    const BR, BC = 32, 32
    grid ((C + BC - 1) / BC)
    threads 128
    tag X[r, c] = (row=r, col=c)
    tag I[c] = (col=c)
    z = zeros f32[BC]
    bv = z + inf
    bi = zeros i32[BC]
    for rt in range((R + BR - 1) / BR):
        x = load X[rt * BR : +BR, block.x * BC : +BC] masked(fill=inf)
        tm = min(x, axis=0)
        ti = min(where(x == bcast(tm, axis=0, n=BR), index(x, axis=0) + rt * BR, 2147483647), axis=0)
        bi = where(tm < bv, ti, bi)
        bv = minimum(bv, tm)
    store I[block.x * BC : +BC], bi masked
