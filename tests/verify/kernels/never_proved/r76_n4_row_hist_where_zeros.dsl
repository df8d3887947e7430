# Held-out round 76: a mask whose condition reads padding (its truth there is the fill's).
# per-row histogram of small integer values over a ragged row (C <= 64 columns): the load
# pads the columns past C with 0, which then counts into bin 0
kernel n4_row_hist_where_zeros(X: i32[R, C], H: f32[R, 8]):
    assume R >= 1 and C >= 1 and C <= 64
    const BR, BC = 4, 64
    grid ((R + BR - 1) / BR)
    threads 64
    tag X[r, c] = (row=r, col=c)
    x = load X[block.x * BR : +BR, 0 : +BC] masked(fill=0)
    z = zeros f32[BR, BC]
    for b in range(8):
        h = sum(where(x == b, z + 1.0, z), axis=1)
        store H[block.x * BR : +BR, b], h masked
