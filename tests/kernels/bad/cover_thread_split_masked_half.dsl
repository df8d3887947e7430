# Buggy sibling of tests/verify/kernels/thread_split_store_masked.dsl: the else branch is
# missing, so the odd rows (done by threads 64..127) are never written. Masked stores under a
# thread condition were taken to write their whole tile, which proved this kernel.
kernel thread_split_masked_half(X: f32[M, N], Y: f32[M, N]):
    assume M >= 1 and N >= 1
    grid ((M + 7) / 8)
    threads 128
    tag X[r, c] = (row=r, col=c)
    tag Y[r, c] = (row=r, col=c)
    for j in range((N + 63) / 64):
        x = load X[block.x * 8 : +8, j * 64 : +64] masked(fill=0.0)
        y = x + 1.0
        if thread.x < 64:
            store Y[block.x * 8 : +8, j * 64 : +64], y masked  #! error[COVER]
