# Softmax over the first LEN[r] of 64 columns, LEN loaded per row, the row sum's records
# claimed to cover exactly those columns, the probabilities stored as zeros past LEN[r]. The
# -inf mask's condition reads the loaded lengths, so no row is all padding (LEN[r] >= 1): the
# row max is data and exp(-inf - m) is 0.0 (held-out round 12 D3: was unknown, "padding ...
# meets data in 'l'", while the same claim with a constant bound proved).
kernel softmax_len_covers(X: f32[R, 64], LEN: i32[R], Y: f32[R, 64]):
    assume R % 4 == 0
    assume LEN[r] >= 1 and LEN[r] <= 64
    const BR, C = 4, 64
    grid (R / BR)
    threads 128
    tag X[r, c] = (row=r, col=c)
    tag Y[r, c] = (row=r) if c < LEN[r]
    x = load X[block.x * BR : +BR, 0 : +C]
    ln = load LEN[block.x * BR : +BR]
    s = mask(x, index(x, axis=1) < bcast(ln, axis=1, n=C), fill=-inf)
    m = max(s, axis=1)
    p = exp(s - bcast(m, axis=1, n=C))
    l = sum(p, axis=1)
    assert covers(tag(l[i]).col, 0, LEN[block.x * BR + i])
    y = p / bcast(l, axis=1, n=C)
    store Y[block.x * BR : +BR, 0 : +C], y
