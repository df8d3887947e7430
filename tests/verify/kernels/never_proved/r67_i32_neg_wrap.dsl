# i32: -(zi - 2147483647 - 1) wraps to -2^31
kernel k_a05_bug_i32_neg_wrap(S: i32[T, T], P: i32[T, T]):
    assume T % 32 == 0
    grid (T / 32, T / 32)
    threads 128
    tag S[i, j] = (row=i, col=j)
    tag P[i, j] = (row=i, col=j) if j <= i else 2147483647
    s = load S[block.x * 32 : +32, block.y * 32 : +32]
    so = s
    z = zeros f32[32, 32]
    zi = zeros i32[32, 32]
    c = maximum(-(zi - 2147483647 - 1), zi) - 1
    p = where(block.y * 32 + index(s, axis=1) <= block.x * 32 + index(s, axis=0), so, c)
    store P[block.x * 32 : +32, block.y * 32 : +32], p
