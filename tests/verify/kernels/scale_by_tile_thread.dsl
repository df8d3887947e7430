# The upper half of the threads scales its elements by a tile of the same rows: the update
# carries data, taken at the thread that owns each element (sibling
# tests/kernels/bad/tag_thread_scale_next_rows.dsl).
kernel scale_by_tile_thread(X: f32[R, 64], Y: f32[R, 64]):
    assume R % 8 == 0
    grid (R / 8)
    threads 128
    tag X[r, c] = (row=r, col=c)
    tag Y[r, c] = (row=r, col=c)
    x = load X[block.x * 8 : +8, 0 : +64]
    if thread.x >= 64:
        p = load X[block.x * 8 : +8, 0 : +64]
        x = x * p
    store Y[block.x * 8 : +8, 0 : +64], x
