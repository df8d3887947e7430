# OK: 1.0 / (exp(-inf) * -1.0) is 1 / -0.0 = -inf at every element
kernel k_a15_ok_neg_zero_div(S: f32[T, T], P: f32[T, T]):
    assume T % 32 == 0
    grid (T / 32, T / 32)
    threads 128
    tag S[i, j] = (row=i, col=j)
    tag P[i, j] = (row=i, col=j) if j <= i else -inf
    s = load S[block.x * 32 : +32, block.y * 32 : +32]
    z = zeros f32[32, 32]
    e0 = exp(z - inf)
    c0 = e0 * -1.0
    c = 1.0 / c0
    p = where(block.y * 32 + index(s, axis=1) <= block.x * 32 + index(s, axis=0), s, c)
    store P[block.x * 32 : +32, block.y * 32 : +32], p
