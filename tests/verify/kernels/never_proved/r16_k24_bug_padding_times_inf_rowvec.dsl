# Y = sum_c<200 X. t = x * bcast(v, axis=0) with v = where over a 1-D tile: 1.0 before 200, inf after (a column scale vector).
kernel k24_bug_padding_times_inf_rowvec(X: f32[R, 200], Y: f32[R]):
    assume R % 4 == 0
    const BR, BC = 4, 256
    grid (R / BR)
    threads 128
    tag X[r, c] = (row=r, col=c)
    tag Y[r] = (row=r)
    x = load X[block.x * BR : +BR, 0 : +BC] masked(fill=0.0)
    z1 = zeros f32[BC]
    o1 = z1 + 1.0
    v = where(index(z1, axis=0) < 200, o1, z1 + inf)
    tm = x * bcast(v, axis=0, n=BR)
    s = sum(tm, axis=1)
    store Y[block.x * BR : +BR], s
