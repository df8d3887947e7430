# BUG: t = maximum(f, 200) of an i8 tile; the tile t holds int8(200) = -56, so no row is kept
kernel max_lit_bug(X: f32[R, 64], FL: i8[R], Y: f32[R, 64]):
    assume R % 4 == 0
    const BR, C = 4, 64
    grid (R / BR)
    threads 128
    tag X[r, c] = (row=r, col=c)
    tag Y[r, c] = (row=r, col=c)
    x = load X[block.x * BR : +BR, 0 : +C]
    f = load FL[block.x * BR : +BR]
    t = maximum(f, 200)
    y = mask(x, bcast(t, axis=1, n=C) > 100, fill=0.0)
    store Y[block.x * BR : +BR, 0 : +C], y  #! error[TAG]
