# Held-out round 102 (type promotion in the lowering): proved, and the simulator disagreed
# with the interpreter (docs/LOWERING.md; wlit_mix: the interpreter with SEMANTICS.md)
kernel r102_ok_sc_cmp2(X: f32[R, 32], N: i64[1], Y: f32[R, 32]):
    grid (R)
    threads 32
    x = load X[block.x : +1, 0 : +32]
    y = where(N[0] * 0.1 > 0.3, x, 0.0)
    store Y[block.x : +1, 0 : +32], y
