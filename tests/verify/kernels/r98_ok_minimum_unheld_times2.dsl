# minimum of an i8 tile and 1000 is int64 math: the picked i8 operand times 2 wrapped
# (held-out round 98: proved, and the simulator disagreed with the interpreter)
kernel r98_ok_minimum_unheld_times2(X: i8[R, 32], Y: i32[R, 32]):
    grid (R)
    threads 32
    x = load X[block.x : +1, 0 : +32]
    y = cast(minimum(x, 1000) * 2, i32)
    store Y[block.x : +1, 0 : +32], y
