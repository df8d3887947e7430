# Buggy sibling of tests/verify/kernels/thread_split_store_halves.dsl: the second branch is
# `thread.x > 64` instead of the else, so thread 64 passes neither condition and its
# elements (Y[1, 0] in block 0) are written by no thread (COVER names the element and the
# thread that does it in both stores).
kernel thread_split_skips_thread(X: f32[R, 64], Y: f32[R, 64]):
    assume R % 8 == 0
    grid (R / 8)
    threads 128
    tag X[r, c] = (row=r, col=c)
    tag Y[r, c] = (row=r, col=c)
    x = load X[block.x * 8 : +8, 0 : +64]
    y = x + 1.0
    if thread.x < 64:
        store Y[block.x * 8 : +8, 0 : +64], y  #! error[COVER]
    if thread.x > 64:
        store Y[block.x * 8 : +8, 0 : +64], x
