# maximum(z, 16777217.0) is f32 math: 16777216, cast to i64 16777216; folded with the literal as written (mixed types: no fold type): 16777217
kernel k_a20_bug_lit_f32_cast_i64(S: i64[T, T], P: i64[T, T]):
    assume T % 32 == 0
    grid (T / 32, T / 32)
    threads 128
    tag S[i, j] = (row=i, col=j)
    tag P[i, j] = (row=i, col=j) if j <= i else 16777217
    s = load S[block.x * 32 : +32, block.y * 32 : +32]
    so = s
    z = zeros f32[32, 32]
    c = cast(maximum(z, 16777217.0), i64)
    p = where(block.y * 32 + index(s, axis=1) <= block.x * 32 + index(s, axis=0), so, c)
    store P[block.x * 32 : +32, block.y * 32 : +32], p
