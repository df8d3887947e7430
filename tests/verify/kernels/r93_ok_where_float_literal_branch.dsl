# Held-out round 93 (the lowering): the interpreter computed this in f64 or int64 where the
# checker types it, and the lowering computes it, in the tile's type (or the other way round).
kernel c03_where_flit_f64(X: f32[R, 32], Y: i32[R, 32], Z: f32[R, 32]):
    grid (R)
    threads 32
    x = load X[block.x : +1, 0 : +32]
    y = cast(where(x > 0.0, x, 0.3) * 100000000.0, i32)
    z = where(x > 0.0, x, 1e39) / 1e10
    store Y[block.x : +1, 0 : +32], y
    store Z[block.x : +1, 0 : +32], z
