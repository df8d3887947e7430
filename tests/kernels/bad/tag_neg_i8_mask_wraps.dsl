# Held-out round 58 (integer inputs held in their type, elementwise min/max of integer tiles
# followed in conditions): BUG: -fb of an i8 tile wraps at -128 (-(-128) == -128), so FL = -128 is dropped.
kernel neg_mask(X: f32[R, 64], FL: i8[R], Y: f32[R, 64]):
    assume R % 4 == 0
    const BR, C = 4, 64
    grid (R / BR)
    threads 128
    tag X[r, c] = (row=r, col=c)
    tag Y[r, c] = (row=r, col=c) if FL[r] < 0
    x = load X[block.x * BR : +BR, 0 : +C]
    fl = load FL[block.x * BR : +BR]
    fb = bcast(fl, axis=1, n=C)
    y = mask(x, -fb > 0, fill=0.0)
    store Y[block.x * BR : +BR, 0 : +C], y  #! error[TAG]
