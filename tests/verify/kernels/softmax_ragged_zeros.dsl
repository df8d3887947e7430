# Y[r, c] = softmax(X[r, :LEN[r]])[c] for c < LEN[r], 0 for c >= LEN[r]; 1 <= LEN[r] <= 64
# (padded attention probabilities). The scores past LEN are masked to -inf, the result
# masked again with the same condition: its zeros are what the tag function's condition says
# (held-out round 12: was unknown; the mask's condition reads the loaded LEN tile).
kernel softmax_ragged_zeros(X: f32[R, 64], LEN: i32[R], Y: f32[R, 64]):
    assume R % 4 == 0
    assume LEN[r] >= 1 and LEN[r] <= 64
    const BR, C = 4, 64
    grid (R / BR)
    threads 128
    tag X[r, c] = (row=r, col=c)
    tag Y[r, c] = (row=r) if c < LEN[r]
    x = load X[block.x * BR : +BR, 0 : +C]
    ln = load LEN[block.x * BR : +BR]
    lt = bcast(ln, axis=1, n=C)
    s = mask(x, index(x, axis=1) < lt, fill=-inf)
    m = max(s, axis=1)
    p = exp(s - bcast(m, axis=1, n=C))
    l = sum(p, axis=1)
    y = mask(p / bcast(l, axis=1, n=C), index(x, axis=1) < lt, fill=0.0)
    store Y[block.x * BR : +BR, 0 : +C], y
