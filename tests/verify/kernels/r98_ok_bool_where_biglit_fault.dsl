# a where of literals past i32 under a bool condition, stored to i32: the int64 value reached the store unconverted (OverflowError on the simulator)
# (held-out round 98: proved, and the simulator disagreed with the interpreter)
kernel r98_ok_bool_where_biglit_fault(B: bool[R, 32], Y: i32[R, 32]):
    grid (R)
    threads 32
    b = load B[block.x : +1, 0 : +32]
    y = where(b == 1, 3000000000, 0) + where(b == 1, 1, 0)
    store Y[block.x : +1, 0 : +32], y
