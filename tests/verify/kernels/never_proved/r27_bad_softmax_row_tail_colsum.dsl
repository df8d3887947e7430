# Column sums of a row softmax over a block of rows: the rows past R (NaN) are summed into
# real columns.
kernel r27_bad_softmax_row_tail_colsum(X: f32[R, C], W: f32[RB, C]):
    assume R >= 1 and C >= 1 and C <= 512 and RB == (R + 3) / 4
    const BR, BC = 4, 512
    grid (R + BR - 1) / BR
    threads 256
    tag X[r, c] = (row=r, col=c)
    tag W[b, c] = (col=c)
    x = load X[block.x * BR : +BR, 0 : +BC] masked(fill=-inf)
    m = max(x, axis=1)
    p = exp(x - bcast(m, axis=1, n=BC))
    l = sum(p, axis=1)
    y = p / bcast(l, axis=1, n=BC)
    s = sum(y, axis=0)
    t = reshape(s, shape=(1, BC))
    store W[block.x : +1, 0 : +BC], t masked
