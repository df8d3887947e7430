# Held-out round 100 (type promotion in the lowering): proved, and the simulator disagreed
# with the interpreter (docs/LOWERING.md)
kernel r100_ok_i64_warp_max(X: i64[R, 32], Y: i64[R, 1]):
    grid (R)
    threads 32
    x = load X[block.x : +1, 0 : +32]
    m = max(x, axis=1)
    y = bcast(m, axis=1, n=1)
    store Y[block.x : +1, 0 : +1], y
