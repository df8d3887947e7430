# x / -1 of an i8 x at -128 is 128: / is int64 math, and the code negated an int8
# (held-out round 98: proved, and the simulator disagreed with the interpreter)
kernel r98_ok_i8_div_neg1(X: i8[R, 32], Y: i32[R, 32]):
    grid (R)
    threads 32
    x = load X[block.x : +1, 0 : +32]
    y = cast(x / -1, i32)
    store Y[block.x : +1, 0 : +32], y
