# BUG: t = index + block.x * 1500000000 is int64 math; stored into the i32 tile t it wraps negative from block 2 on
kernel idx_blk_bug(X: f32[R, 64], Y: f32[R, 64]):
    assume R % 4 == 0
    const BR, C = 4, 64
    grid (R / BR)
    threads 128
    tag X[r, c] = (row=r, col=c)
    tag Y[r, c] = (row=r, col=c)
    x = load X[block.x * BR : +BR, 0 : +C]
    z = zeros i32[BR]
    t = index(z, axis=0) + block.x * 1500000000
    y = mask(x, bcast(t, axis=1, n=C) >= 0, fill=0.0)
    store Y[block.x * BR : +BR, 0 : +C], y  #! error[TAG]
