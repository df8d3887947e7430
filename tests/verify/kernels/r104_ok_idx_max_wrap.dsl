# Held-out round 104 (type promotion in the lowering): proved, and the simulator disagreed
# with the interpreter (wlit_cmp_f32: E013 from the checker's typing of where(c, 1, 0.5))
kernel r104_ok_idx_max_wrap(X: i32[R, 32], Y: f32[R, 32]):
    grid (R)
    threads 32
    x = load X[block.x : +1, 0 : +32]
    y = cast(maximum(index(x, axis=1), x * 3), f32)
    store Y[block.x : +1, 0 : +32], y
