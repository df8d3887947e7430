# Buggy sibling of tests/verify/kernels/thread_split_store_rows.dsl: the guard admits threads
# 0..47 only, so the fourth row of each block (done by threads 48..63 under copy(vec=4)) is
# written by neither store (COVER).
kernel thread_split_rows_short(X: f32[R, 64], Y: f32[R, 64]):
    assume R % 8 == 0
    grid (R / 8)
    threads 128
    tag X[r, c] = (row=r, col=c)
    tag Y[r, c] = (row=r, col=c)
    x = load X[block.x * 8 : +8, 0 : +64]
    y = x * 2.0
    if thread.x < 48:
        store Y[block.x * 8 : +8, 0 : +64], y layout copy(vec=4)  #! error[COVER]
    b = load X[block.x * 8 + 4 : +4, 0 : +64]
    store Y[block.x * 8 + 4 : +4, 0 : +64], b
