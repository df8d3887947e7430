# Held-out round 102 (type promotion in the lowering): proved, and the simulator disagreed
# with the interpreter (docs/LOWERING.md; wlit_mix: the interpreter with SEMANTICS.md)
kernel r102_ok_cast_where_wrap(X: i8[R, 32], N: i64[1], Y: i32[R, 32]):
    grid (R)
    threads 32
    x = load X[block.x : +1, 0 : +32]
    y = cast(where(x > 0, x * 2, 1000), i32)
    store Y[block.x : +1, 0 : +32], y
