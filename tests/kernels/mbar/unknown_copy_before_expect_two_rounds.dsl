# Held-out round 51 (correct; refuted): a straight-line ring of two rounds whose second bulk
# copy is issued before its expect_tx (legal: the transaction count may pass below 0).
kernel sl_cbe2(A: f32[M, 64], C: f32[M, 64]):
    assume M % 32 == 0
    grid (M / 32)
    threads 160
    tag A[i, j] = (row=i, col=j)
    tag C[i, j] = (row=i, col=j)
    s0 = shared f32[32, 32]
    s1 = shared f32[32, 32]
    full = mbarrier[1] count 1
    empty = mbarrier[1] count 128
    if thread.warp == 4:
        if thread.lane == 0:
            expect_tx full[0], 4096
            tma_load s0[0 : +32, 0 : +32], A[block.x * 32 : +32, 0 : +32], full[0]
            wait empty[0], 0
            tma_load s1[0 : +32, 0 : +32], A[block.x * 32 : +32, 32 : +32], full[0]
            expect_tx full[0], 4096
    else:
        wait full[0], 0
        x = load s0[0 : +32, 0 : +32] layout (128, 8):(1, 128)
        store C[block.x * 32 : +32, 0 : +32], x
        arrive empty[0]
        wait full[0], 1
        y = load s1[0 : +32, 0 : +32] layout (128, 8):(1, 128)
        store C[block.x * 32 : +32, 32 : +32], y
