# New-user round 55: an integer row-tail load masked(fill=0) in a mask condition (its value was not followed).
kernel masked_label_load(X: f32[R, 64], FL: i32[R], Y: f32[R, 64]):
    assume R >= 1
    const BR, C, IGN = 4, 64, -100
    grid ((R + BR - 1) / BR)
    threads 128
    tag X[r, c] = (row=r, col=c)
    tag Y[r, c] = (row=r, col=c) if FL[r] >= -100
    x = load X[block.x * BR : +BR, 0 : +C] masked(fill=0.0)
    fl = load FL[block.x * BR : +BR] masked(fill=0)
    fb = bcast(fl, axis=1, n=C)
    y = mask(x, fb >= IGN, fill=0.0)
    store Y[block.x * BR : +BR, 0 : +C], y masked
