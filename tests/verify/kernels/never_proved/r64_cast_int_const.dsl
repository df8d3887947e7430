# BUG: cast(z + 1.5, i32) truncates to 1; the tag says 1.5
kernel k_a03_bug_cast_int_const(S: f32[T, T], P: f32[T, T]):
    assume T % 32 == 0
    grid (T / 32, T / 32)
    threads 128
    tag S[i, j] = (row=i, col=j)
    tag P[i, j] = (row=i, col=j) if j <= i else 1.5
    s = load S[block.x * 32 : +32, block.y * 32 : +32]
    z = zeros f32[32, 32]
    c = cast(cast(z + 1.5, i32), f32)
    p = where(block.y * 32 + index(s, axis=1) <= block.x * 32 + index(s, axis=0), s, c)
    store P[block.x * 32 : +32, block.y * 32 : +32], p
