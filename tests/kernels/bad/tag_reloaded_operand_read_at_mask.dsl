# BUG: the tag claims rows with ID2 > 0; t = ID + 0 was computed before a was reloaded with ID2
kernel stale_bug(X: f32[R, 64], ID: i32[R], ID2: i32[R], Y: f32[R, 64]):
    assume R % 4 == 0
    const BR, C = 4, 64
    grid (R / BR)
    threads 128
    tag X[r, c] = (row=r, col=c)
    tag Y[r, c] = (row=r, col=c) if ID2[r] > 0
    x = load X[block.x * BR : +BR, 0 : +C]
    a = load ID[block.x * BR : +BR]
    t = a + 0
    a = load ID2[block.x * BR : +BR]
    y = mask(x, bcast(t, axis=1, n=C) > 0, fill=0.0)
    store Y[block.x * BR : +BR, 0 : +C], y  #! error[TAG]
