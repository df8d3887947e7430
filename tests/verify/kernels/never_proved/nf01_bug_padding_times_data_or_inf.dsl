# Y = sum_c<200 X * W. The weights past column 200 are replaced by an inf sentinel inside a tile
# that holds data elsewhere: the padding of X (0.0) times inf is NaN in every row sum.
kernel nf01_bug_padding_times_data_or_inf(X: f32[R, 200], W: f32[R, 256], Y: f32[R]):
    assume R % 4 == 0
    const BR, BC = 4, 256
    grid (R / BR)
    threads 128
    tag X[r, c] = (row=r, col=c)
    tag W[r, c] = (row=r, wcol=c)
    tag Y[r] = (row=r)
    x = load X[block.x * BR : +BR, 0 : +BC] masked(fill=0.0)
    w = load W[block.x * BR : +BR, 0 : +BC]
    z = zeros f32[BR, BC]
    h = where(index(w, axis=1) < 200, w, z + inf)
    t = x * h
    s = sum(t, axis=1)
    store Y[block.x * BR : +BR], s
