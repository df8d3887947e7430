# Held-out round 49: lane 0 expects bytes over (K + 16) / 32 rounds but lane 1 copies over
# K / 32: at K = 48 round 1 of full[1] expects bytes no copy brings, and the consumers' wait
# for it never returns.
kernel split_copy_fewer_rounds(A: f32[M, K], C: f32[M, 32]):
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
            for k in range((K + 16) / BK):
                wait empty[k % S], (k / S + 1) % 2
                expect_tx full[k % S], 4096
        else:
            if thread.lane == 1:
                for k in range(K / BK):
                    wait empty[k % S], (k / S + 1) % 2
                    tma_load sA[k % S], A[block.x * BM : +BM, k * BK : +BK], full[k % S]
    else:
        acc = zeros f32[BM, BK] layout (128, 8):(1, 128)
        for k in range((K + 16) / BK):
            wait full[k % S], (k / S) % 2  #! error[SYNC]
            a = load sA[k % S] layout (128, 8):(1, 128)
            acc = acc + a
            arrive empty[k % S]
        store C[block.x * BM : +BM, 0 : +BK], acc
