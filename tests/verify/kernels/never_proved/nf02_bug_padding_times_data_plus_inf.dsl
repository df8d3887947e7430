# Y = sum_c<200 X * (W + inf): a data tile plus inf is inf everywhere (no constant in it); the
# padding of X (0.0) times it is NaN.
kernel nf02_bug_padding_times_data_plus_inf(X: f32[R, 200], W: f32[R, 256], Y: f32[R]):
    assume R % 4 == 0
    const BR, BC = 4, 256
    grid (R / BR)
    threads 128
    tag X[r, c] = (row=r, col=c)
    tag W[r, c] = (row=r, wcol=c)
    tag Y[r] = (row=r)
    x = load X[block.x * BR : +BR, 0 : +BC] masked(fill=0.0)
    w = load W[block.x * BR : +BR, 0 : +BC]
    h = w + inf
    t = x * h
    s = sum(t, axis=1)
    store Y[block.x * BR : +BR], s
