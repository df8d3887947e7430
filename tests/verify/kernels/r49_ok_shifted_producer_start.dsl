# Held-out round 49: a producer loop shifted by one start, trip counts equal to the consumers'.
kernel shifted_producer_start(A: f32[M, K], C: f32[M, 32]):
    assume M % BM == 0 and K % 16 == 0 and K >= BK
    const BM, BK, S = 32, 32, 2
    grid (M / BM)
    threads 160
    tag A[i, k] = (row=i, col=k % BK, kt=k / BK)
    sA = shared f32[S, BM, BK]
    full = mbarrier[S] count 1
    empty = mbarrier[S] count 128
    if thread.warp == 4:
        if thread.lane == 0:
            for k in range(1, K / BK + 1):
                wait empty[(k + 1) % S], ((k - 1) / S + 1) % 2
                expect_tx full[(k + 1) % S], 4096
                tma_load sA[(k + 1) % S], A[block.x * BM : +BM, (k - 1) * BK : +BK], full[(k + 1) % S]
    else:
        acc = zeros f32[BM, BK] layout (128, 8):(1, 128)
        for k in range(K / BK):
            wait full[k % S], (k / S) % 2
            a = load sA[k % S] layout (128, 8):(1, 128)
            acc = acc + a
            arrive empty[k % S]
        store C[block.x * BM : +BM, 0 : +BK], acc
