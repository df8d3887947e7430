# maximum of an i8 tile and 0.5 is f64 math: Python's max returned the int8, which then wrapped
# (held-out round 98: proved, and the simulator disagreed with the interpreter)
kernel r98_ok_maximum_float_lit(X: i8[R, 32], Y: i32[R, 32]):
    grid (R)
    threads 32
    x = load X[block.x : +1, 0 : +32]
    y = cast(maximum(x, 0.5) * 4, i32)
    store Y[block.x : +1, 0 : +32], y
