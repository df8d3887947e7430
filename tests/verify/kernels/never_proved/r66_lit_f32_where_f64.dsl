# where(.., s, 1e-46) is f32: 0.0 there, cast to f64 0.0, times 1e46 0.0; folded with 1e-46 as written: 1.0
kernel k_a21_bug_lit_f32_where_f64(S: f32[T, T], P: f64[T, T]):
    assume T % 32 == 0
    grid (T / 32, T / 32)
    threads 128
    tag S[i, j] = (row=i, col=j)
    tag P[i, j] = (row=i, col=j) if j <= i else 1.0
    s = load S[block.x * 32 : +32, block.y * 32 : +32]
    so = cast(s, f64)
    z = zeros f32[32, 32]
    w = cast(where(block.y * 32 + index(s, axis=1) <= block.x * 32 + index(s, axis=0), s, 1e-46), f64)
    c = w * 1e46
    p = where(block.y * 32 + index(s, axis=1) <= block.x * 32 + index(s, axis=0), so, c)
    store P[block.x * 32 : +32, block.y * 32 : +32], p
