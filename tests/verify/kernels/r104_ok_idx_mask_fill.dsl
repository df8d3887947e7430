# Held-out round 104 (type promotion in the lowering): proved, and the simulator disagreed
# with the interpreter (wlit_cmp_f32: E013 from the checker's typing of where(c, 1, 0.5))
kernel r104_ok_idx_mask_fill(X: i32[R, 32], Y: f32[R, 32]):
    grid (R)
    threads 32
    x = load X[block.x : +1, 0 : +32]
    y = where(x > 0, cast(mask(index(x, axis=1) - x * 2, x != 5, fill=0), f32), 1.0)
    store Y[block.x : +1, 0 : +32], y
