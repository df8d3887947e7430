# Held-out round 104 (type promotion in the lowering): proved, and the simulator disagreed
# with the interpreter (wlit_cmp_f32: E013 from the checker's typing of where(c, 1, 0.5))
kernel r104_ok_idx_neg_cmp(X: i32[R, 32], Y: i32[R, 32]):
    grid (R)
    threads 32
    x = load X[block.x : +1, 0 : +32]
    y = where(index(x, axis=1) > -x, 1, 0)
    store Y[block.x : +1, 0 : +32], y
