# w = where(.., s, zh + 1.0004) holds f16 1.0; log(w) is 0.0, times 10000 still 0.0; folded from the unrounded side 1.0004: 3.998
kernel k_a13_bug_sel_f16_log(S: f16[T, T], P: f16[T, T]):
    assume T % 32 == 0
    grid (T / 32, T / 32)
    threads 128
    tag S[i, j] = (row=i, col=j)
    tag P[i, j] = (row=i, col=j) if j <= i else 3.998046875
    s = load S[block.x * 32 : +32, block.y * 32 : +32]
    so = s
    z = zeros f32[32, 32]
    zh = zeros f16[32, 32]
    w = where(block.y * 32 + index(s, axis=1) <= block.x * 32 + index(s, axis=0), s, zh + 1.0004)
    c1 = log(w)
    c = c1 * 10000.0
    p = where(block.y * 32 + index(s, axis=1) <= block.x * 32 + index(s, axis=0), so, c)
    store P[block.x * 32 : +32, block.y * 32 : +32], p
