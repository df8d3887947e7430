# OK: 16777216 - 16777216 of an i32 tile is 0: zeros above the diagonal
kernel k_a21_ok_i32_big_const(S: f32[T, T], P: f32[T, T]):
    assume T % 32 == 0
    grid (T / 32, T / 32)
    threads 128
    tag S[i, j] = (row=i, col=j)
    tag P[i, j] = (row=i, col=j) if j <= i
    s = load S[block.x * 32 : +32, block.y * 32 : +32]
    z = zeros f32[32, 32]
    q = zeros i32[32, 32]
    q2 = q + 16777216
    q3 = q2 - 16777216
    c = cast(q3, f32)
    p = where(block.y * 32 + index(s, axis=1) <= block.x * 32 + index(s, axis=0), s, c)
    store P[block.x * 32 : +32, block.y * 32 : +32], p
