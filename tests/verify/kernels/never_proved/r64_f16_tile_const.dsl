# BUG: 70000.0 stored in an f16 tile is inf; the tag says 70000.0
kernel k_a04_bug_f16_tile_const(S: f32[T, T], P: f32[T, T]):
    assume T % 32 == 0
    grid (T / 32, T / 32)
    threads 128
    tag S[i, j] = (row=i, col=j)
    tag P[i, j] = (row=i, col=j) if j <= i else 70000.0
    s = load S[block.x * 32 : +32, block.y * 32 : +32]
    z = zeros f32[32, 32]
    h = zeros f16[32, 32]
    h2 = h + 70000.0
    c = cast(h2, f32)
    p = where(block.y * 32 + index(s, axis=1) <= block.x * 32 + index(s, axis=0), s, c)
    store P[block.x * 32 : +32, block.y * 32 : +32], p
