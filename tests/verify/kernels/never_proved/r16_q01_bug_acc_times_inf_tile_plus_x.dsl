# acc = zeros; loop of 2: acc = acc * h + x, h = where(c < 200, 1.0, inf): padding 0*inf = NaN. Y = sum_c<200 2X.
kernel q01_bug_acc_times_inf_tile_plus_x(X: f32[R, 200], Y: f32[R]):
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
    acc = zeros f32[BR, BC]
    for kt in range(2):
        acc = acc * h + x
    tm = acc
    s = sum(tm, axis=1)
    store Y[block.x * BR : +BR], s
