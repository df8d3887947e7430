# New-user round 55: a mean over [LO[r], HI[r]) divided by maximum(hi - lo, 1): the clamp of
# integer tile math (not one tile) keeps 0.0 / count at 0.0 where the range is empty.
kernel mean_lo_hi(X: f32[R, 64], LO: i32[R], HI: i32[R], Y: f32[R]):
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
    y = s / cast(maximum(hi - lo, 1), f32)
    store Y[block.x : +1], y
