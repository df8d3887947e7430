# i8: zi - 100 - 100 wraps to 56 before the minimum: minimum(.., zi) + 100 is 100, folded exactly (-200) as -100
kernel k_a19_bug_i8_min_wrap(S: i8[T, T], P: i8[T, T]):
    assume T % 32 == 0
    grid (T / 32, T / 32)
    threads 128
    tag S[i, j] = (row=i, col=j)
    tag P[i, j] = (row=i, col=j) if j <= i else -100
    s = load S[block.x * 32 : +32, block.y * 32 : +32]
    so = s
    z = zeros f32[32, 32]
    zi = zeros i8[32, 32]
    c = minimum(zi - 100 - 100, zi) + 100
    p = where(block.y * 32 + index(s, axis=1) <= block.x * 32 + index(s, axis=0), so, c)
    store P[block.x * 32 : +32, block.y * 32 : +32], p
