# h = 1/cast(c/256) past 200: c/256 = 0, 1/0 = inf
kernel a15_bug_index_int_div_zero(X: f32[R, 200], Y: f32[R]):
    assume R % 4 == 0
    const BR, BC = 4, 256
    grid (R / BR)
    threads 128
    tag X[r, c] = (row=r, col=c)
    tag Y[r] = (row=r)
    x = load X[block.x * BR : +BR, 0 : +BC] masked(fill=0.0)
    z = zeros f32[BR, BC]
    o = z + 1.0
    ci = cast(index(z, axis=1), f32)
    q = index(z, axis=1) / 256
    h = where(ci < 200.0, o, o / cast(q, f32))
    tm = x * h
    s = sum(tm, axis=1)
    store Y[block.x * BR : +BR], s
