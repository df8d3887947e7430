# Y = sum_c<200 X. t = x * h, h = where(c < 200, 1.0, -log(z)): -log(0) = inf on the padding, 0*inf = NaN.
kernel k06_bug_padding_times_neg_log_tile(X: f32[R, 200], Y: f32[R]):
    assume R % 4 == 0
    const BR, BC = 4, 256
    grid (R / BR)
    threads 128
    tag X[r, c] = (row=r, col=c)
    tag Y[r] = (row=r)
    x = load X[block.x * BR : +BR, 0 : +BC] masked(fill=0.0)
    z = zeros f32[BR, BC]
    o = z + 1.0
    h = where(index(z, axis=1) < 200, o, -log(z))
    tm = x * h
    s = sum(tm, axis=1)
    store Y[block.x * BR : +BR], s
