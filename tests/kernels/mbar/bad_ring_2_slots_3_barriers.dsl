# The ring the other way round (tests/verify/kernels/r85_ok_ws_ring_3_slots_2_barriers.dsl):
# 2 slots on 3 barrier pairs. The refill of slot 0 at k = 2 waits on empty[2], whose first
# phase passes at once: the consumers may still read the copy of k = 0 (held-out round 85).
kernel ws_ring_2_slots_3_barriers(A: f32[M, K], C: f32[M, 32]):
    assume M % BM == 0 and K % BK == 0 and K >= BK
    const BM, BK, S = 32, 32, 3
    grid (M / BM)
    threads 160
    tag A[i, k] = (row=i, col=k % BK, kt=k / BK)
    sA = shared f32[2, BM, BK]
    full = mbarrier[S] count 1
    empty = mbarrier[S] count 128
    if thread.warp == 4:
        if thread.lane == 0:
            for k in range(K / BK):
                wait empty[k % S], (k / S + 1) % 2
                expect_tx full[k % S], 4096
                tma_load sA[k % 2], A[block.x * BM : +BM, k * BK : +BK], full[k % S]  #! error[RACE]
    else:
        acc = zeros f32[BM, BK] layout (128, 8):(1, 128)
        for k in range(K / BK):
            wait full[k % S], (k / S) % 2
            a = load sA[k % 2] layout (128, 8):(1, 128)  #! error[WAR]
            assert tag(a[i, j]).row == block.x * BM + i and tag(a[i, j]).col == j and tag(a[i, j]).kt == k
            acc = acc + a
            arrive empty[k % S]
        assert tag(acc[i, j]).row == block.x * BM + i and tag(acc[i, j]).col == j
        assert tag(acc[i, j]).kt == range(0, K / BK)
        store C[block.x * BM : +BM, 0 : +BK], acc
