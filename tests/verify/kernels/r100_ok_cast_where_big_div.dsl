# Held-out round 100 (type promotion in the lowering): proved, and the simulator disagreed
# with the interpreter (docs/LOWERING.md)
kernel r100_ok_cast_where_big_div(X: i8[R, 32], Y: i32[R, 32]):
    grid (R)
    threads 32
    x = load X[block.x : +1, 0 : +32]
    y = cast(cast(where(x > 0, x, 1000), i8) / 3, i32)
    store Y[block.x : +1, 0 : +32], y
