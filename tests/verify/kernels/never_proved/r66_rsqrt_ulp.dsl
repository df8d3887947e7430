# rsqrt(1.5) lowered as f32(1) / f32(sqrt(1.5)) = 0.81649655; folded as f32(1 / sqrt(1.5)) = 0.81649661
kernel k_a15_bug_rsqrt_ulp(S: f32[T, T], P: f32[T, T]):
    assume T % 32 == 0
    grid (T / 32, T / 32)
    threads 128
    tag S[i, j] = (row=i, col=j)
    tag P[i, j] = (row=i, col=j) if j <= i
    s = load S[block.x * 32 : +32, block.y * 32 : +32]
    so = s
    z = zeros f32[32, 32]
    c = (rsqrt(z + 1.5) - 0.8164966106414795) * 1e30
    p = where(block.y * 32 + index(s, axis=1) <= block.x * 32 + index(s, axis=0), so, c)
    store P[block.x * 32 : +32, block.y * 32 : +32], p
