# Buggy sibling of tests/verify/kernels/thread_split_store_parity.dsl: the odd threads'
# store keeps the default distribution (thread t does elements t, t + 128, ...) while the
# even threads' gives thread t elements 4 t .. 4 t + 3: Y[0, 1] is written by thread 0 in
# the first store and by thread 1 in the second (COVER: written twice).
kernel thread_split_layouts_differ(X: f32[R, 64], Y: f32[R, 64]):
    assume R % 8 == 0
    grid (R / 8)
    threads 128
    tag X[r, c] = (row=r, col=c)
    tag Y[r, c] = (row=r, col=c)
    x = load X[block.x * 8 : +8, 0 : +64]
    y = x + 1.0
    if thread.x % 2 == 0:
        store Y[block.x * 8 : +8, 0 : +64], y layout (128, 4):(4, 1)
    else:
        store Y[block.x * 8 : +8, 0 : +64], x  #! error[COVER]
