# Held-out round 100 (type promotion in the lowering): proved, and the simulator disagreed
# with the interpreter (docs/LOWERING.md)
kernel r100_ok_bool_where_wrap(B: bool[R, 32], Y: i64[R, 32]):
    grid (R)
    threads 32
    b = load B[block.x : +1, 0 : +32]
    y = cast(where(b == 1, 100000, 7) * 100000, i64)
    store Y[block.x : +1, 0 : +32], y
