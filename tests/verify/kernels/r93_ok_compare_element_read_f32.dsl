# Held-out round 93 (the lowering): the interpreter computed this in f64 or int64 where the
# checker types it, and the lowering computes it, in the tile's type (or the other way round).
kernel c09_cmp_elemref_f32(N: i32[1], X: f32[R, 32], Y: i32[R, 32]):
    grid (R)
    threads 32
    x = load X[block.x : +1, 0 : +32]
    y = where(x >= N[0], 1, 0)
    store Y[block.x : +1, 0 : +32], y
