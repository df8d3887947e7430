# Held-out round 93 (the lowering): the interpreter computed this in f64 or int64 where the
# checker types it, and the lowering computes it, in the tile's type (or the other way round).
kernel c11_erf_f64(X: f32[R, 32], Y: f32[R, 32], Z: i32[R, 32]):
    grid (R)
    threads 32
    x = load X[block.x : +1, 0 : +32]
    y = x * (1.0 + erf(x * 0.7071067811865476)) / 2.0
    z = cast(erf(x) * 1000000000.0, i32)
    store Y[block.x : +1, 0 : +32], y
    store Z[block.x : +1, 0 : +32], z
