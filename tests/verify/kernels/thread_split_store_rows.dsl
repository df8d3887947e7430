# A guarded partial copy: under `layout copy(vec=4)` thread t does the chunk of 4 elements
# 4 t .. 4 t + 3 of the 8 x 64 tile, so threads 0..63 hold its first four rows; they store
# them doubled, and the last four rows come from a second store of another tile (every
# thread). Each element of Y is written once: by the thread that holds it in the first store
# when it lies in the first four rows, by the second store otherwise.
kernel thread_split_store_rows(X: f32[R, 64], Y: f32[R, 64]):
    assume R % 8 == 0
    grid (R / 8)
    threads 128
    tag X[r, c] = (row=r, col=c)
    tag Y[r, c] = (row=r, col=c)
    x = load X[block.x * 8 : +8, 0 : +64]
    y = x * 2.0
    if thread.x < 64:
        store Y[block.x * 8 : +8, 0 : +64], y layout copy(vec=4)
    b = load X[block.x * 8 + 4 : +4, 0 : +64]
    store Y[block.x * 8 + 4 : +4, 0 : +64], b
