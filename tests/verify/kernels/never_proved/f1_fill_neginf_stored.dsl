kernel f1_fill_neginf_stored(X: f32[R, 64], LEN: i32[R], Y: f32[R, 64]):
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
    y = mask(exp(s - bcast(max(s, axis=1), axis=1, n=C)) / bcast(sum(exp(s - bcast(max(s, axis=1), axis=1, n=C)), axis=1), axis=1, n=C), index(x, axis=1) < lt, fill=-inf)
    store Y[block.x * BR : +BR, 0 : +C], y
