# Held-out round 100 (type promotion in the lowering): proved, and the simulator disagreed
# with the interpreter (docs/LOWERING.md)
kernel r100_ok_where_recip(X: i8[R, 32], Y: f32[R, 32]):
    grid (R)
    threads 32
    x = load X[block.x : +1, 0 : +32]
    y = cast(1.0 / where(x > 0, x, 0.0), f32)
    store Y[block.x : +1, 0 : +32], y
