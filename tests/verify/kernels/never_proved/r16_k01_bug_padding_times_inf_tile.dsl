# Y = sum_c<200 X. t = x * h, h = where(c < 200, 1.0, inf) built from zeros: 0.0 * inf = NaN on the padding.
kernel k01_bug_padding_times_inf_tile(X: f32[R, 200], Y: f32[R]):
    assume R % 4 == 0
    const BR, BC = 4, 256
    grid (R / BR)
    threads 128
    tag X[r, c] = (row=r, col=c)
    tag Y[r] = (row=r)
    x = load X[block.x * BR : +BR, 0 : +BC] masked(fill=0.0)
    z = zeros f32[BR, BC]
    o = z + 1.0
    h = where(index(z, axis=1) < 200, o, z + inf)
    tm = x * h
    s = sum(tm, axis=1)
    store Y[block.x * BR : +BR], s
