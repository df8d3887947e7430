# BUG: exp(100.0) in an f32 tile is inf; cast to f64 it is inf, but the tag says 2.6881171418161356e43
kernel k_a06_bug_exp_const_f32(S: f32[T, T], P: f64[T, T]):
    assume T % 32 == 0
    grid (T / 32, T / 32)
    threads 128
    tag S[i, j] = (row=i, col=j)
    tag P[i, j] = (row=i, col=j) if j <= i else 2.6881171418161356e43
    s = load S[block.x * 32 : +32, block.y * 32 : +32]
    s64 = cast(s, f64)
    z = zeros f32[32, 32]
    z64 = zeros f64[32, 32]
    c = cast(exp(z + 100.0), f64)
    p = where(block.y * 32 + index(s, axis=1) <= block.x * 32 + index(s, axis=0), s64, c)
    store P[block.x * 32 : +32, block.y * 32 : +32], p
