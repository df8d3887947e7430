# Y = sum_c<200 X * W with W staged in shared memory, its columns past 200 overwritten with
# -inf by a second copy: the padding of X (0.0) times -inf is NaN.
kernel nf05_bug_padding_times_shared_inf_rows(X: f32[R, 200], W: f32[R, 256], Y: f32[R]):
    assume R % 4 == 0
    const BR, BC = 4, 256
    grid (R / BR)
    threads 128
    tag X[r, c] = (row=r, col=c)
    tag W[r, c] = (row=r, wcol=c)
    tag Y[r] = (row=r)
    ws = shared f32[BR, BC]
    x = load X[block.x * BR : +BR, 0 : +BC] masked(fill=0.0)
    w = load W[block.x * BR : +BR, 0 : +BC]
    z = zeros f32[BR, BC]
    h = where(index(w, axis=1) < 200, w, z - inf)
    store ws[0 : +BR, 0 : +BC], h
    barrier
    g = load ws[0 : +BR, 0 : +BC]
    t = x * g
    s = sum(t, axis=1)
    store Y[block.x * BR : +BR], s
