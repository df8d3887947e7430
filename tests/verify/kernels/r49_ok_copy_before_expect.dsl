# Held-out round 49: the producer issues its bulk copy before its expect_tx (the transaction
# count may pass below 0 before the expect); the consumers wait for phase 0 and read.
kernel copy_before_expect(A: f32[M, 32], C: f32[M, 32]):
    assume M % 32 == 0
    grid (M / 32)
    threads 160
    tag A[i, j] = (row=i, col=j)
    tag C[i, j] = (row=i, col=j)
    sA = shared f32[32, 32]
    full = mbarrier[1] count 1
    if thread.warp == 4:
        if thread.lane == 0:
            tma_load sA[0 : +32, 0 : +32], A[block.x * 32 : +32, 0 : +32], full[0]
            expect_tx full[0], 4096
    else:
        wait full[0], 0
        x = load sA[0 : +32, 0 : +32] layout (128, 8):(1, 128)
        store C[block.x * 32 : +32, 0 : +32], x
