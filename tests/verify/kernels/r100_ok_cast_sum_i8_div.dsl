# Held-out round 100 (type promotion in the lowering): proved, and the simulator disagreed
# with the interpreter (docs/LOWERING.md)
kernel r100_ok_cast_sum_i8_div(X: i8[R, 32], Y: i32[R, 1]):
    grid (R)
    threads 32
    x = load X[block.x : +1, 0 : +32]
    s = cast(cast(sum(x, axis=1), i8) / 2, i32)
    y = bcast(s, axis=1, n=1)
    store Y[block.x : +1, 0 : +1], y
