# Y = sum_c<200 X * W', W' = W in its first 200 columns and 1.0 past them: the padding of X
# (0.0) times 1.0 is 0.0, so the sums hold the 200 columns only (nf01's finite sibling).
kernel nf_ok_padding_times_data_or_one(X: f32[R, 200], W: f32[R, 256], Y: f32[R]):
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
    h = where(index(w, axis=1) < 200, w, z + 1.0)
    t = x * h
    s = sum(t, axis=1)
    store Y[block.x * BR : +BR], s
