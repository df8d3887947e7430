# Held-out round 132 (buggy, was proved): ping-pong consumers pre-arriving on every slot: 256 arrivals in round 0 against count 128, the prologue left out of the count.
# Ping-pong consumers that pre-release the ring (arrive on empty before the loop, so the
# producer needs no free first wait). BUG: both warpgroups pre-arrive on BOTH slots, 256
# arrivals against count 128: empty[0] completes phase 0 and phase 1 before any tile is
# read, and the producer refills slot 0 with tile 2 while warpgroup 0 may still read tile 0.
kernel prearrive_all_slots(A: f32[M, K], C: f32[M, 32]):
    assume M % BM == 0 and K % (2 * BK) == 0 and K >= 2 * BK
    const BM, BK, S = 32, 32, 2
    grid (M / BM)
    threads 288
    tag A[i, k] = (row=i, col=k % BK, kt=k / BK)
    sA = shared f32[S, BM, BK]
    full = mbarrier[S] count 1
    empty = mbarrier[S] count 128
    acc = zeros f32[BM, BK] layout (256, 4):(1, 256)
    if thread.warp == 8:
        if thread.lane == 0:
            for k in range(K / BK):
                wait empty[k % S], (k / S) % 2
                expect_tx full[k % S], 4096
                tma_load sA[k % S], A[block.x * BM : +BM, k * BK : +BK], full[k % S]
    if thread.warp < 4:
        arrive empty[0]
        arrive empty[1]
        for k in range(K / BK):
            if k % 2 == 0:
                wait full[k % S], (k / S) % 2
                a0 = load sA[k % S] layout (256, 4):(1, 256)
                assert tag(a0[i, j]).row == block.x * BM + i and tag(a0[i, j]).kt == k
                acc = acc + a0
                arrive empty[k % S]
    if thread.warp >= 4 and thread.warp < 8:
        arrive empty[0]
        arrive empty[1]
        for k in range(K / BK):
            if k % 2 == 1:
                wait full[k % S], (k / S) % 2
                a1 = load sA[k % S] layout (256, 4):(1, 256)
                assert tag(a1[i, j]).row == block.x * BM + i and tag(a1[i, j]).kt == k
                acc = acc + a1
                arrive empty[k % S]
    store C[block.x * BM : +BM, 0 : +BK], acc
