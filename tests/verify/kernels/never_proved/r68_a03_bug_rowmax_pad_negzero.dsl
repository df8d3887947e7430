# row max over sqrt(-0.0) constants (-0.0) with 0.0 padding in the first columns: fill 0.0 passes as 'below the data bound 0.0 of sqrt', but max(0.0, -0.0) keeps the padding's +0.0; the lattice says the max is -0.0, 1/it -inf; really +inf
kernel k_a03_bug_rowmax_pad_negzero(S: f32[T, T], P: f32[T, T]):
    assume T % 32 == 0
    grid (T / 32, T / 32)
    threads 128
    tag S[i, j] = (row=i, col=j)
    tag P[i, j] = (row=i, col=j) if j <= i else -inf
    s = load S[block.x * 32 : +32, block.y * 32 : +32]
    so = s
    z = zeros f32[32, 32]
    w = z * -1.0
    m = max(mask(sqrt(w), index(z, axis=1) >= 5, fill=0.0), axis=1)
    c = 1.0 / bcast(m, axis=1, n=32)
    p = where(block.y * 32 + index(s, axis=1) <= block.x * 32 + index(s, axis=0), so, c)
    store P[block.x * 32 : +32, block.y * 32 : +32], p
