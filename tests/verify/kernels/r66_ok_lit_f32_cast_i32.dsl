# where(.., s, 2.5): f32 holds 2.5, cast to i32 2
kernel k_a23_ok_lit_f32_cast_i32(S: f32[T, T], P: i32[T, T]):
    assume T % 32 == 0
    grid (T / 32, T / 32)
    threads 128
    tag S[i, j] = (row=i, col=j)
    tag P[i, j] = (row=i, col=j) if j <= i else 2
    s = load S[block.x * 32 : +32, block.y * 32 : +32]
    so = cast(s, i32)
    z = zeros f32[32, 32]
    c = cast(where(block.y * 32 + index(s, axis=1) <= block.x * 32 + index(s, axis=0), s, 2.5), i32)
    p = where(block.y * 32 + index(s, axis=1) <= block.x * 32 + index(s, axis=0), so, c)
    store P[block.x * 32 : +32, block.y * 32 : +32], p
