# where(.., s, 2.9999999) is f32: 3.0 there, cast to i32 3; folded with the literal as written (the expression casts: no fold type): trunc(2.9999999) = 2
kernel k_a23_bug_lit_f32_cast_i32(S: f32[T, T], P: i32[T, T]):
    assume T % 32 == 0
    grid (T / 32, T / 32)
    threads 128
    tag S[i, j] = (row=i, col=j)
    tag P[i, j] = (row=i, col=j) if j <= i else 2
    s = load S[block.x * 32 : +32, block.y * 32 : +32]
    so = cast(s, i32)
    z = zeros f32[32, 32]
    c = cast(where(block.y * 32 + index(s, axis=1) <= block.x * 32 + index(s, axis=0), s, 2.9999999), i32)
    p = where(block.y * 32 + index(s, axis=1) <= block.x * 32 + index(s, axis=0), so, c)
    store P[block.x * 32 : +32, block.y * 32 : +32], p
