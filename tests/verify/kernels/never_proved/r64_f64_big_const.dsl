# BUG: 1e39 in f64 is finite; the tag says inf (the verifier folds in f32)
kernel k_a05_bug_f64_big_const(S: f32[T, T], P: f64[T, T]):
    assume T % 32 == 0
    grid (T / 32, T / 32)
    threads 128
    tag S[i, j] = (row=i, col=j)
    tag P[i, j] = (row=i, col=j) if j <= i else inf
    s = load S[block.x * 32 : +32, block.y * 32 : +32]
    s64 = cast(s, f64)
    z = zeros f32[32, 32]
    z64 = zeros f64[32, 32]
    c = z64 + 1e39
    p = where(block.y * 32 + index(s, axis=1) <= block.x * 32 + index(s, axis=0), s64, c)
    store P[block.x * 32 : +32, block.y * 32 : +32], p
