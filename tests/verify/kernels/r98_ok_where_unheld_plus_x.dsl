# a where with a literal past i8 is int64 math: the picked i8 branch plus x wrapped in int8
# (held-out round 98: proved, and the simulator disagreed with the interpreter)
kernel r98_ok_where_unheld_plus_x(X: i8[R, 32], Y: i32[R, 32]):
    grid (R)
    threads 32
    x = load X[block.x : +1, 0 : +32]
    y = cast(where(x > 0, x, 1000) + x, i32)
    store Y[block.x : +1, 0 : +32], y
