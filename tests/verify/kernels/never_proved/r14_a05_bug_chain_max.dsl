# Row max of -X over 200 columns (fill -inf is right for X's max, not for -X's). Through a reused
# scratch tile: the -inf padding becomes +inf and the max is inf (expected TAG at the max).
kernel a05_bug_chain_max(X: f32[R, 200], Y: f32[R]):
    assume R % 4 == 0
    const BR, BC = 4, 256
    grid (R / BR)
    threads 128
    tag X[r, c] = (row=r, col=c)
    tag Y[r] = (row=r)
    t = zeros f32[BR, BC]
    x = load X[block.x * BR : +BR, 0 : +BC] masked(fill=-inf)
    t = -x
    x = t
    m = max(x, axis=1)
    store Y[block.x * BR : +BR], m
