# a where of two literals, one past i32, is an int64 tile: its sum was narrowed to int32 before the division
# (held-out round 98: proved, and the simulator disagreed with the interpreter)
kernel r98_ok_where_biglit_sum_div(X: i32[R, 32], Y: i32[R, 32]):
    grid (R)
    threads 32
    x = load X[block.x : +1, 0 : +32]
    y = (where(x > 0, 3000000000, 0) + where(x > 0, 1, 0)) / 2
    store Y[block.x : +1, 0 : +32], y
