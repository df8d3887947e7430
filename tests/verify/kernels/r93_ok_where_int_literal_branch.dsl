# Held-out round 93 (the lowering): the interpreter computed this in f64 or int64 where the
# checker types it, and the lowering computes it, in the tile's type (or the other way round).
kernel c05_where_ilit_i8(X: i8[R, 32], Y: i8[R, 32], Z: i32[R, 32], W: i32[R, 32]):
    grid (R)
    threads 32
    x = load X[block.x : +1, 0 : +32]
    w = load W[block.x : +1, 0 : +32]
    y = (where(x > 0, x, 5) + 100) / 2
    z = (where(w > 0, w, 5) + 2000000000) / 2
    store Y[block.x : +1, 0 : +32], y
    store Z[block.x : +1, 0 : +32], z
