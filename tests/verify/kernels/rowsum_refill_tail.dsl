# A row sum over any C whose masked load fills with 1.0 and whose tile is masked again with
# the exact tail condition (fill 0.0): the load's padding is exactly what mask() replaces, so
# the 1.0 never reaches the sum (encode/fill_rule.py, _Pads.masked_again). It was a TAG
# violation ("reaches this sum as 1.0") before (issue 17).
kernel rowsum_refill_tail(X: f32[R, C], Y: f32[R]):
    assume R % 4 == 0 and C >= 1
    const BR, BC = 4, 128
    grid (R / BR)
    threads 128
    tag X[r, c] = (row=r, col=c)
    tag Y[r] = (row=r)
    s = zeros f32[BR]
    for ct in range((C + BC - 1) / BC):
        x = load X[block.x * BR : +BR, ct * BC : +BC] masked(fill=1.0)
        xm = mask(x, ct * BC + index(x, axis=1) < C, fill=0.0)
        s = s + sum(xm, axis=1)
    assert tag(s[i]).row == block.x * BR + i and tag(s[i]).col == range(0, C)
    store Y[block.x * BR : +BR], s
