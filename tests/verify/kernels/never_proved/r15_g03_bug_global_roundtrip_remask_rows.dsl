# g01 (row sums of X + 1 over 200 columns via a global scratch W) with the tile masked again
# after the + 1.0, but on the rows (always inside) instead of the columns: the 56 ones per row
# past column 200 still reach the sum.
kernel g03_bug_global_roundtrip_remask_rows(X: f32[R, 200], W: f32[R, 256], Y: f32[R]):
    assume R % 4 == 0
    const BR, BC = 4, 256
    grid (R / BR)
    threads 128
    tag X[r, c] = (row=r, col=c)
    tag W[r, c] = (row=r, col=c) if c < 200
    tag Y[r] = (row=r)
    x = load X[block.x * BR : +BR, 0 : +BC] masked(fill=0.0)
    store W[block.x * BR : +BR, 0 : +BC], x
    barrier
    w = load W[block.x * BR : +BR, 0 : +BC]
    t = w + 1.0
    tm = mask(t, block.x * BR + index(t, axis=0) < R, fill=0.0)
    s = sum(tm, axis=1)
    store Y[block.x * BR : +BR], s
