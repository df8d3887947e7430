# Y[r, c] = X[r, c] * s for c < 40 and 0.0 after (tag condition), s = R * 1e300 * 1e300 (a
# "saturating" scale that overflows to inf). The tile is masked first (fill 0.0) and then scaled:
# the cleared part holds 0.0 * inf = NaN, stored where Y holds zeros.
kernel b16_bug_masked_times_overflow_scale(X: f32[R, 64], Y: f32[R, 64]):
    assume R % 4 == 0
    grid (R / 4)
    threads 128
    tag X[r, c] = (row=r, col=c)
    tag Y[r, c] = (row=r, col=c) if c < 40
    x = load X[block.x * 4 : +4, 0 : +64]
    xm = mask(x, index(x, axis=1) < 40, fill=0.0)
    y = xm * (R * 1e300 * 1e300)
    store Y[block.x * 4 : +4, 0 : +64], y
