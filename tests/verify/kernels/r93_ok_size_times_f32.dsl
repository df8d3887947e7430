# Held-out round 93 (the lowering): the interpreter computed this in f64 or int64 where the
# checker types it, and the lowering computes it, in the tile's type (or the other way round).
kernel c01_fscalar_f64(X: f32[R, 32], Y: f32[R, 32]):
    grid (R)
    threads 32
    x = load X[block.x : +1, 0 : +32]
    y = x * R / 4.0
    store Y[block.x : +1, 0 : +32], y
