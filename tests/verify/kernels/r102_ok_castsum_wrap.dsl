# Held-out round 102 (type promotion in the lowering): proved, and the simulator disagreed
# with the interpreter (docs/LOWERING.md; wlit_mix: the interpreter with SEMANTICS.md)
kernel r102_ok_castsum_wrap(X: i8[R, 32], Y: i32[R, 1]):
    grid (R)
    threads 32
    x = load X[block.x : +1, 0 : +32]
    s = cast(sum(x * 2, axis=1), i32)
    y = bcast(s, axis=1, n=1)
    store Y[block.x : +1, 0 : +1], y
