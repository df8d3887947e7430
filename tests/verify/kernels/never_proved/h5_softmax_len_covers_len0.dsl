# softmax_len_covers with rows of length 0 allowed: such a row is all -inf, its max is -inf and
# exp(-inf - (-inf)) is NaN, stored where the tag function says zeros.
kernel h5_softmax_len_covers_len0(X: f32[R, 64], LEN: i32[R], Y: f32[R, 64]):
    assume R % 4 == 0
    assume LEN[r] >= 0 and LEN[r] <= 64
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
