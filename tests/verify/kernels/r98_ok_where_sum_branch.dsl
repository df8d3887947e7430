# a where with an integer sum branch is int64 math: the picked i8 branch times 2 wrapped
# (held-out round 98: proved, and the simulator disagreed with the interpreter)
kernel r98_ok_where_sum_branch(X: i8[R, 32], Y: i32[R, 32]):
    grid (R)
    threads 32
    x = load X[block.x : +1, 0 : +32]
    y = cast(where(x > 0, x, bcast(sum(x, axis=1), axis=1, n=32)) * 2, i32)
    store Y[block.x : +1, 0 : +32], y
