# mma(a, b, acc) with b and acc -0.0 (z * (0 - T)): the result is -0.0, 1.0 / it -inf
kernel k_a07_bug_negzero_mma(S: f32[T, T], P: f32[T, T]):
    assume T % 32 == 0
    grid (T / 32, T / 32)
    threads 128
    tag S[i, j] = (row=i, col=j)
    tag P[i, j] = (row=i, col=j) if j <= i else inf
    s = load S[block.x * 32 : +32, block.y * 32 : +32]
    so = s
    z = zeros f32[32, 32]
    a = z + 1.0
    b = z * (0 - T)
    acc0 = z * (0 - T)
    acc = mma(a, b, acc0)
    c = 1.0 / acc
    p = where(block.y * 32 + index(s, axis=1) <= block.x * 32 + index(s, axis=0), so, c)
    store P[block.x * 32 : +32, block.y * 32 : +32], p
