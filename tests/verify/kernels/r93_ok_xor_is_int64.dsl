# Held-out round 93 (the lowering): the interpreter computed this in f64 or int64 where the
# checker types it, and the lowering computes it, in the tile's type (or the other way round).
kernel c08_xor_i8_add(X: i8[R, 32], Y: i8[R, 32], Z: i32[R, 32]):
    grid (R)
    threads 32
    x = load X[block.x : +1, 0 : +32]
    y = ((x ^ 1) + 100) / 2
    z = cast((x ^ 3) * 100, i32)
    store Y[block.x : +1, 0 : +32], y
    store Z[block.x : +1, 0 : +32], z
