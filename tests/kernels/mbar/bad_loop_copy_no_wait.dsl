# Held-out round 49 (proved): bulk copies in a loop on an mbarrier that nothing waits on.
kernel loop_copy_no_wait(A: f32[M, K], C: f32[M, 32]):
    assume M % 32 == 0 and K == 32
    grid (M / 32)
    threads 160
    tag A[i, j] = (row=i, col=j)
    tag C[i, j] = (row=i, col=j)
    sA = shared f32[2, 32, 32]
    full = mbarrier[2] count 1
    if thread.warp == 4:
        if thread.lane == 0:
            for k in range(K / 32):
                expect_tx full[k % 2], 4096
                tma_load sA[k % 2], A[block.x * 32 : +32, k * 32 : +32], full[k % 2]  #! error[ASYNC]
    x = load A[block.x * 32 : +32, 0 : +32]
    store C[block.x * 32 : +32, 0 : +32], x
