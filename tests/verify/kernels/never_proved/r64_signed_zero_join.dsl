# BUG: c0 = exp(-inf) is +0.0 in columns 0..15 and -0.0 elsewhere; 1.0 / c0 is +inf there, the tag says -inf
kernel k_a15_bug_signed_zero_join(S: f32[T, T], P: f32[T, T]):
    assume T % 32 == 0
    grid (T / 32, T / 32)
    threads 128
    tag S[i, j] = (row=i, col=j)
    tag P[i, j] = (row=i, col=j) if j <= i else -inf
    s = load S[block.x * 32 : +32, block.y * 32 : +32]
    z = zeros f32[32, 32]
    e0 = exp(z - inf)
    c0 = where(index(z, axis=1) < 16, e0, e0 * -1.0)
    c = 1.0 / c0
    p = where(block.y * 32 + index(s, axis=1) <= block.x * 32 + index(s, axis=0), s, c)
    store P[block.x * 32 : +32, block.y * 32 : +32], p
