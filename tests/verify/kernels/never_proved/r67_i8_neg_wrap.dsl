# i8: -(zi - 127 - 1) is -128 (wraps), folded as 128; maximum(.., zi) - 1 is -1, folded as 127
kernel k_a04_bug_i8_neg_wrap(S: i8[T, T], P: i8[T, T]):
    assume T % 32 == 0
    grid (T / 32, T / 32)
    threads 128
    tag S[i, j] = (row=i, col=j)
    tag P[i, j] = (row=i, col=j) if j <= i else 127
    s = load S[block.x * 32 : +32, block.y * 32 : +32]
    so = s
    z = zeros f32[32, 32]
    zi = zeros i8[32, 32]
    c = maximum(-(zi - 127 - 1), zi) - 1
    p = where(block.y * 32 + index(s, axis=1) <= block.x * 32 + index(s, axis=0), so, c)
    store P[block.x * 32 : +32, block.y * 32 : +32], p
