# loop-carried c = c * 2.0 three times from 1.0 is 8.0; the tag says 16.0 (buggy: one doubling too few)
kernel k_a25_bug_loop_double(S: f32[T, T], P: f32[T, T]):
    assume T % 32 == 0
    grid (T / 32, T / 32)
    threads 128
    tag S[i, j] = (row=i, col=j)
    tag P[i, j] = (row=i, col=j) if j <= i else 16.0
    s = load S[block.x * 32 : +32, block.y * 32 : +32]
    so = s
    z = zeros f32[32, 32]
    c = z + 1.0
    for k in range(3):
        c = c * 2.0
    p = where(block.y * 32 + index(s, axis=1) <= block.x * 32 + index(s, axis=0), so, c)
    store P[block.x * 32 : +32, block.y * 32 : +32], p
