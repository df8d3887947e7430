# Buggy sibling of tests/verify/kernels/thread_split_store_halves.dsl: thread 64 passes both
# conditions (< 65 and >= 64), so its elements are written by both stores (COVER: written
# twice, by the same thread in the two stores).
kernel thread_split_overlap(X: f32[R, 64], Y: f32[R, 64]):
    assume R % 8 == 0
    grid (R / 8)
    threads 128
    tag X[r, c] = (row=r, col=c)
    tag Y[r, c] = (row=r, col=c)
    x = load X[block.x * 8 : +8, 0 : +64]
    y = x + 1.0
    if thread.x < 65:
        store Y[block.x * 8 : +8, 0 : +64], y
    if thread.x >= 64:
        store Y[block.x * 8 : +8, 0 : +64], x  #! error[COVER]
