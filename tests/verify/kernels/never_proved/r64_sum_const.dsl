# BUG: a sum of four 1.0s is 4.0, not 1.0 as the tag says
kernel k_a02_bug_sum_const(S: f32[T, T], P: f32[T, T]):
    assume T % 32 == 0
    grid (T / 32, T / 32)
    threads 128
    tag S[i, j] = (row=i, col=j)
    tag P[i, j] = (row=i, col=j) if j <= i else 1.0
    s = load S[block.x * 32 : +32, block.y * 32 : +32]
    z = zeros f32[32, 32]
    z3 = zeros f32[32, 32, 4]
    o = z3 + 1.0
    c = sum(o, axis=2)
    p = where(block.y * 32 + index(s, axis=1) <= block.x * 32 + index(s, axis=0), s, c)
    store P[block.x * 32 : +32, block.y * 32 : +32], p
