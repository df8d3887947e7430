# Buggy sibling of tests/verify/kernels/thread_split_store_halves.dsl: the branches admit
# threads 0..31 and 64..127, so the elements of threads 32..63 are never written (COVER).
kernel thread_split_gap(X: f32[R, 64], Y: f32[R, 64]):
    assume R % 8 == 0
    grid (R / 8)
    threads 128
    tag X[r, c] = (row=r, col=c)
    tag Y[r, c] = (row=r, col=c)
    x = load X[block.x * 8 : +8, 0 : +64]
    y = x + 1.0
    if thread.x < 32:
        store Y[block.x * 8 : +8, 0 : +64], y  #! error[COVER]
    if thread.x >= 64:
        store Y[block.x * 8 : +8, 0 : +64], x
