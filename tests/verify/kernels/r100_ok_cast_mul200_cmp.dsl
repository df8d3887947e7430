# Held-out round 100 (type promotion in the lowering): proved, and the simulator disagreed
# with the interpreter (docs/LOWERING.md)
kernel r100_ok_cast_mul200_cmp(X: i8[R, 32], Y: i32[R, 32]):
    grid (R)
    threads 32
    x = load X[block.x : +1, 0 : +32]
    y = where(cast(x * 200, i8) > 0, 1, 0)
    store Y[block.x : +1, 0 : +32], y
