# Held-out round 104 (type promotion in the lowering): proved, and the simulator disagreed
# with the interpreter (wlit_cmp_f32: E013 from the checker's typing of where(c, 1, 0.5))
kernel r104_ok_idx_cmp_wrap(X: i32[R, 32], Y: i32[R, 32]):
    grid (R)
    threads 32
    x = load X[block.x : +1, 0 : +32]
    y = cast(where(index(x, axis=1) < x * 3, x, 0), i32)
    store Y[block.x : +1, 0 : +32], y
