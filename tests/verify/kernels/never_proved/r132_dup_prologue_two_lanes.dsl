# Held-out round 132 (buggy, was proved): a prologue per producer lane on both slots, matched to ring statements that use one slot each and left out of the count.
# Two producer lanes: lane 0 refills the even tiles (sA, slot 0), lane 1 the odd ones (sB, slot 1).
# BUG: each lane runs a prologue on BOTH slots, so phase 0 of full[0] and of full[1] gets two
# expect_tx arrivals against count 1: the second one lands in phase 1 (or on a completed
# phase), and the consumers' waits then see phases the model does not count.
kernel dup_prologue_two_lanes(A: f32[M, K], C: f32[M, 32]):
    assume M % BM == 0 and K % (2 * BK) == 0 and K >= 2 * BK
    const BM, BK, S = 32, 32, 2
    grid (M / BM)
    threads 288
    tag A[i, k] = (row=i, col=k % BK, kt=k / BK)
    sA = shared f32[S, BM, BK]
    sB = shared f32[S, BM, BK]
    full = mbarrier[S] count 1
    empty = mbarrier[S] count 128
    acc = zeros f32[BM, BK] layout (256, 4):(1, 256)
    if thread.warp == 8:
        if thread.lane == 0:
            expect_tx full[0], 4096
            tma_load sA[0], A[block.x * BM : +BM, 0 : +BK], full[0]
            expect_tx full[1], 4096
            tma_load sA[1], A[block.x * BM : +BM, BK : +BK], full[1]
        if thread.lane == 1:
            expect_tx full[0], 4096
            tma_load sB[0], A[block.x * BM : +BM, 0 : +BK], full[0]
            expect_tx full[1], 4096
            tma_load sB[1], A[block.x * BM : +BM, BK : +BK], full[1]
        if thread.lane == 0:
            for k in range(K / BK):
                if k % 2 == 0 and k + 2 < K / BK:
                    wait empty[k % S], (k / S) % 2
                    expect_tx full[k % S], 4096
                    tma_load sA[k % S], A[block.x * BM : +BM, (k + 2) * BK : +BK], full[k % S]
        if thread.lane == 1:
            for k in range(K / BK):
                if k % 2 == 1 and k + 2 < K / BK:
                    wait empty[k % S], (k / S) % 2
                    expect_tx full[k % S], 4096
                    tma_load sB[k % S], A[block.x * BM : +BM, (k + 2) * BK : +BK], full[k % S]
    if thread.warp < 4:
        for k in range(K / BK):
            if k % 2 == 0:
                wait full[k % S], (k / S) % 2
                a0 = load sA[k % S] layout (256, 4):(1, 256)
                assert tag(a0[i, j]).row == block.x * BM + i and tag(a0[i, j]).kt == k
                acc = acc + a0
                arrive empty[k % S]
    if thread.warp >= 4 and thread.warp < 8:
        for k in range(K / BK):
            if k % 2 == 1:
                wait full[k % S], (k / S) % 2
                a1 = load sB[k % S] layout (256, 4):(1, 256)
                assert tag(a1[i, j]).row == block.x * BM + i and tag(a1[i, j]).kt == k
                acc = acc + a1
                arrive empty[k % S]
    store C[block.x * BM : +BM, 0 : +BK], acc
