# minimum(z * (0 - T), z) is -0.0 (min keeps its first operand on a tie); folded as _picked(min, 0.0, 0.0)
kernel k_a09_bug_negzero_minimum(S: f32[T, T], P: f32[T, T]):
    assume T % 32 == 0
    grid (T / 32, T / 32)
    threads 128
    tag S[i, j] = (row=i, col=j)
    tag P[i, j] = (row=i, col=j) if j <= i else inf
    s = load S[block.x * 32 : +32, block.y * 32 : +32]
    so = s
    z = zeros f32[32, 32]
    w = minimum(z * (0 - T), z)
    c = 1.0 / w
    p = where(block.y * 32 + index(s, axis=1) <= block.x * 32 + index(s, axis=0), so, c)
    store P[block.x * 32 : +32, block.y * 32 : +32], p
