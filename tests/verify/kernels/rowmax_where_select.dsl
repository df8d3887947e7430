# A running row max written as a select, m = where(mx > m, mx, m): a where that picks a side
# of its own comparison is a function of those two values only and is tagged as
# maximum(m, mx) (encode/compute_tags.py); before, its condition's records were paired with
# the pick's and the range claim "counted the same value twice" (issue 17).
kernel rowmax_where(X: f32[R, C], Y: f32[R]):
    assume R % 4 == 0 and C % 128 == 0 and C >= 128
    const BR, BC = 4, 128
    grid (R / BR)
    threads 128
    tag X[r, c] = (row=r, col=c)
    tag Y[r] = (row=r)
    x0 = load X[block.x * BR : +BR, 0 : +BC]
    m = max(x0, axis=1)
    for ct in range(1, C / BC):
        x = load X[block.x * BR : +BR, ct * BC : +BC]
        mx = max(x, axis=1)
        m = where(mx > m, mx, m)
    assert tag(m[i]).row == block.x * BR + i and tag(m[i]).col == range(0, C)
    store Y[block.x * BR : +BR], m
