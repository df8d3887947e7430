# f16 output: zh * (0 - T) is -0.0 in f16; 1.0 / it is -inf
kernel k_a11_bug_negzero_f16(S: f16[T, T], P: f16[T, T]):
    assume T % 32 == 0
    grid (T / 32, T / 32)
    threads 128
    tag S[i, j] = (row=i, col=j)
    tag P[i, j] = (row=i, col=j) if j <= i else inf
    s = load S[block.x * 32 : +32, block.y * 32 : +32]
    so = s
    z = zeros f32[32, 32]
    zh = zeros f16[32, 32]
    w = zh * (0 - T)
    c = 1.0 / w
    p = where(block.y * 32 + index(s, axis=1) <= block.x * 32 + index(s, axis=0), so, c)
    store P[block.x * 32 : +32, block.y * 32 : +32], p
