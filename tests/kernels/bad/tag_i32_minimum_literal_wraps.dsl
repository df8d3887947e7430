# BUG: the tag keeps every row (min(ID, -3e9) < 0), but the i32 tile t holds int32(-3000000000) = 1294967296: no row is kept
kernel min_lit_bug(X: f32[R, 64], ID: i32[R], Y: f32[R, 64]):
    assume R % 4 == 0
    const BR, C = 4, 64
    grid (R / BR)
    threads 128
    tag X[r, c] = (row=r, col=c)
    tag Y[r, c] = (row=r, col=c)
    x = load X[block.x * BR : +BR, 0 : +C]
    i = load ID[block.x * BR : +BR]
    t = minimum(i, -3000000000)
    y = mask(x, bcast(t, axis=1, n=C) < 0, fill=0.0)
    store Y[block.x * BR : +BR, 0 : +C], y  #! error[TAG]
