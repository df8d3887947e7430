# Row softmax for R rows of C <= 512 columns (any C): a block holds 4 whole rows, the
# columns past C are padding (-inf, neutral for the max and exp'd to 0 for the sum).
kernel r27_ok_softmax_row_tail(X: f32[R, C], Y: f32[R, C]):
    assume R >= 1 and C >= 1 and C <= 512
    const BR, BC = 4, 512
    grid (R + BR - 1) / BR
    threads 256
    tag X[r, c] = (row=r, col=c)
    tag Y[r, c] = (row=r)
    x = load X[block.x * BR : +BR, 0 : +BC] masked(fill=-inf)
    m = max(x, axis=1)
    assert tag(m[i]).row == block.x * BR + i
    p = exp(x - bcast(m, axis=1, n=BC))
    l = sum(p, axis=1)
    assert tag(l[i]).row == block.x * BR + i
    y = p / bcast(l, axis=1, n=BC)
    store Y[block.x * BR : +BR, 0 : +BC], y masked
