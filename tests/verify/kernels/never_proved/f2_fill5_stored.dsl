# simplest form: an output whose tag condition says zeros past 40 gets a mask's fill 5.0 there.
kernel f2_fill5_stored(X: f32[R, 64], Y: f32[R, 64]):
    assume R % 4 == 0
    grid (R / 4)
    threads 128
    tag X[r, c] = (row=r, col=c)
    tag Y[r, c] = (row=r, col=c) if c < 40
    x = load X[block.x * 4 : +4, 0 : +64]
    y = mask(x, index(x, axis=1) < 40, fill=5.0)
    store Y[block.x * 4 : +4, 0 : +64], y
