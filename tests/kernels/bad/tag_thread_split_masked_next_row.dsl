# Buggy sibling of tests/verify/kernels/thread_split_store_masked.dsl: the threads of the
# else branch store the tile one row down, so Y's odd rows get the next row of X (TAG, against
# Y's tag function, at the thread that does the element).
kernel thread_split_masked_next_row(X: f32[M, N], Y: f32[M, N]):
    assume M >= 1 and N >= 1
    grid ((M + 7) / 8)
    threads 128
    tag X[r, c] = (row=r, col=c)
    tag Y[r, c] = (row=r, col=c)
    for j in range((N + 63) / 64):
        x = load X[block.x * 8 : +8, j * 64 : +64] masked(fill=0.0)
        xn = load X[block.x * 8 + 1 : +8, j * 64 : +64] masked(fill=0.0)
        y = x + 1.0
        if thread.x < 64:
            store Y[block.x * 8 : +8, j * 64 : +64], y masked
        else:
            store Y[block.x * 8 : +8, j * 64 : +64], xn masked  #! error[TAG]
