# Held-out round 58: Keep the rows whose i8 flag is negative: -cast(fl, i32) > 0 (no wrap in i32). (refuted before: an input's value outside its type, or a condition not followed)
kernel neg_mask(X: f32[R, 64], FL: i8[R], Y: f32[R, 64]):
    assume R % 4 == 0
    const BR, C = 4, 64
    grid (R / BR)
    threads 128
    tag X[r, c] = (row=r, col=c)
    tag Y[r, c] = (row=r, col=c) if FL[r] < 0
    x = load X[block.x * BR : +BR, 0 : +C]
    fl = load FL[block.x * BR : +BR]
    fb = bcast(cast(fl, i32), axis=1, n=C)
    y = mask(x, -fb > 0, fill=0.0)
    store Y[block.x * BR : +BR, 0 : +C], y
