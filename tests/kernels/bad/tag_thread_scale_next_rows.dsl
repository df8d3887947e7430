# The upper half of the threads scales its elements by the next block's rows: the update
# carries data and the threads that run it store a wrong row (sibling of
# tests/verify/kernels/scale_by_tile_thread.dsl).
kernel thread_scale_next_rows(X: f32[R, 64], Y: f32[R, 64]):
    assume R % 8 == 0
    grid (R / 8)
    threads 128
    tag X[r, c] = (row=r, col=c)
    tag Y[r, c] = (row=r, col=c)
    x = load X[block.x * 8 : +8, 0 : +64]
    if thread.x >= 64:
        p = load X[(block.x + 1) % (R / 8) * 8 : +8, 0 : +64]
        x = x * p
    store Y[block.x * 8 : +8, 0 : +64], x  #! error[TAG]
