# BUG: 7 / 2 of an i32 tile truncates to 3; the tag says 3.5
kernel k_a14_bug_int_div_const(S: f32[T, T], P: f32[T, T]):
    assume T % 32 == 0
    grid (T / 32, T / 32)
    threads 128
    tag S[i, j] = (row=i, col=j)
    tag P[i, j] = (row=i, col=j) if j <= i else 3.5
    s = load S[block.x * 32 : +32, block.y * 32 : +32]
    z = zeros f32[32, 32]
    q = zeros i32[32, 32]
    q2 = (q + 7) / 2
    c = cast(q2, f32)
    p = where(block.y * 32 + index(s, axis=1) <= block.x * 32 + index(s, axis=0), s, c)
    store P[block.x * 32 : +32, block.y * 32 : +32], p
