# Y = sum_c<200 X. t = x * cast(cast(h, f16), f32), h = where(c < 200, 1.0, 70000.0): finite in f32, inf after the f16 round, 0*inf = NaN on the padding.
kernel k18_bug_padding_times_f16_overflow_tile(X: f32[R, 200], Y: f32[R]):
    assume R % 4 == 0
    const BR, BC = 4, 256
    grid (R / BR)
    threads 128
    tag X[r, c] = (row=r, col=c)
    tag Y[r] = (row=r)
    x = load X[block.x * BR : +BR, 0 : +BC] masked(fill=0.0)
    z = zeros f32[BR, BC]
    o = z + 1.0
    h = where(index(z, axis=1) < 200, o, z + 70000.0)
    h16 = cast(h, f16)
    tm = x * cast(h16, f32)
    s = sum(tm, axis=1)
    store Y[block.x * BR : +BR], s
