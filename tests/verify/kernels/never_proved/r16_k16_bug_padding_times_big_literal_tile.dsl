# Y = sum_c<200 X. t = x * h, h = where(c < 200, 1.0, 1e39) : 1e39 rounds to inf in f32.
kernel k16_bug_padding_times_big_literal_tile(X: f32[R, 200], Y: f32[R]):
    assume R % 4 == 0
    const BR, BC = 4, 256
    grid (R / BR)
    threads 128
    tag X[r, c] = (row=r, col=c)
    tag Y[r] = (row=r)
    x = load X[block.x * BR : +BR, 0 : +BC] masked(fill=0.0)
    z = zeros f32[BR, BC]
    o = z + 1.0
    h = where(index(z, axis=1) < 200, o, z + 1e39)
    tm = x * h
    s = sum(tm, axis=1)
    store Y[block.x * BR : +BR], s
