# BUG: 1e-46 is no zero in f64: (z64 + 1e-46) * 1e30 * 1e16 is 1.0 above the diagonal; the tag says zeros there
kernel k_a20_bug_f64_tiny_const(S: f32[T, T], P: f64[T, T]):
    assume T % 32 == 0
    grid (T / 32, T / 32)
    threads 128
    tag S[i, j] = (row=i, col=j)
    tag P[i, j] = (row=i, col=j) if j <= i
    s = load S[block.x * 32 : +32, block.y * 32 : +32]
    s64 = cast(s, f64)
    z = zeros f32[32, 32]
    z64 = zeros f64[32, 32]
    c = (z64 + 1e-46) * 1e30 * 1e16
    p = where(block.y * 32 + index(s, axis=1) <= block.x * 32 + index(s, axis=0), s64, c)
    store P[block.x * 32 : +32, block.y * 32 : +32], p
