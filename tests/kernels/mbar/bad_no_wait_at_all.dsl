# Held-out round 49 (proved): no statement waits on `full`, so the bulk copy may still
# write sA after the block exits.
kernel no_wait_at_all(A: f32[M, 32], C: f32[M, 32]):
    assume M % 32 == 0
    grid (M / 32)
    threads 160
    tag A[i, j] = (row=i, col=j)
    tag C[i, j] = (row=i, col=j)
    sA = shared f32[32, 32]
    full = mbarrier[1] count 1
    if thread.warp == 4:
        if thread.lane == 0:
            expect_tx full[0], 4096
            tma_load sA[0 : +32, 0 : +32], A[block.x * 32 : +32, 0 : +32], full[0]  #! error[ASYNC]
    x = load A[block.x * 32 : +32, 0 : +32]
    store C[block.x * 32 : +32, 0 : +32], x
