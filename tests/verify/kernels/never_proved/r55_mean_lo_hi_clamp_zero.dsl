# r55_ok_mean_lo_hi with the count clamped at 0, not 1: an empty range divides 0.0 by 0 (NaN)
# where the output's tag function says zeros.
kernel mean_lo_hi_clamp_zero(X: f32[R, 64], LO: i32[R], HI: i32[R], Y: f32[R]):
    assume LO[r] >= 0 and LO[r] <= HI[r] and HI[r] <= 64
    grid (R)
    threads 64
    tag X[r, c] = (row=r, col=c)
    tag Y[r] = (row=r, col=range(LO[r], HI[r]))
    x = load X[block.x : +1, 0 : +64]
    lo = load LO[block.x : +1]
    hi = load HI[block.x : +1]
    k1 = mask(x, index(x, axis=1) >= LO[block.x], fill=0.0)
    keep = mask(k1, index(x, axis=1) < HI[block.x], fill=0.0)
    s = sum(keep, axis=1)
    y = s / cast(maximum(hi - lo, 0), f32)
    store Y[block.x : +1], y
