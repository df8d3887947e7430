# Held-out round 104 (type promotion in the lowering): proved, and the simulator disagreed
# with the interpreter (wlit_cmp_f32: E013 from the checker's typing of where(c, 1, 0.5))
kernel r104_ok_wlit_float_int_ctx(X: i8[R, 32], Y: i32[R, 32]):
    grid (R)
    threads 32
    x = load X[block.x : +1, 0 : +32]
    y = cast((where(x > 0, 1, 0.5) + 0.1 - 1.0) * 1000000000.0, i32)
    store Y[block.x : +1, 0 : +32], y
