# Held-out round 100 (type promotion in the lowering): proved, and the simulator disagreed
# with the interpreter (docs/LOWERING.md)
kernel r100_ok_max_negzero_i8(X: i8[R, 32], Y: f32[R, 1]):
    grid (R)
    threads 32
    x = load X[block.x : +1, 0 : +32]
    m = 1.0 / cast(max(where(x >= 0, x * -0.5, 0.0), axis=1), f32)
    y = bcast(m, axis=1, n=1)
    store Y[block.x : +1, 0 : +1], y
