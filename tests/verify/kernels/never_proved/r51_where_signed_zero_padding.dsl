# Held-out round 51 (proved): at the padding `where(w > 0.0, xm, -xm)` is 0.0 or -0.0, taken
# for one number; exp(-1.0 / y) is 0.0 at 0.0 but inf at -0.0, which reaches the row sum.
# (Unknown since held-out round 71: a division by a padding zero is not followed, as the
# zero's sign is not always known; refuted before.)
kernel where_signed_zero_padding(X: f32[B, 64], W: f32[B, 64], LEN: i32[B], Y: f32[B]):
    assume B >= 1
    assume LEN[b] >= 1 and LEN[b] <= 64
    grid (B)
    threads 64
    tag X[b, c] = (row=b, col=c)
    tag W[b, c] = (wrow=b)
    tag Y[b] = (row=b, col=range(0, LEN[b]))
    x = load X[block.x : +1, 0 : +64]
    w = load W[block.x : +1, 0 : +64]
    xm = mask(x, index(x, axis=1) < LEN[block.x], fill=0.0)
    y = where(w > 0.0, xm, -xm)
    e = exp(-1.0 / y)
    s = sum(e, axis=1)
    store Y[block.x : +1], s
