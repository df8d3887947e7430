# Held-out round 85 (a false alarm): a warp-specialized TMA ring of 3 slots on 2 barrier
# pairs. The producer's wait on empty[1] before refilling slot 0 needs every consumer's
# arrival after its wait for full[0]: the copy into slot 0 has landed (and was read).
# A landing was taken only from the issuing thread's own wait on full.
kernel ws_ring_3_slots_2_barriers(A: f32[M, K], C: f32[M, 32]):
    assume M % BM == 0 and K % BK == 0 and K >= BK
    const BM, BK, S = 32, 32, 3
    grid (M / BM)
    threads 160
    tag A[i, k] = (row=i, col=k % BK, kt=k / BK)
    sA = shared f32[S, BM, BK]
    full = mbarrier[2] count 1
    empty = mbarrier[2] count 128
    if thread.warp == 4:
        if thread.lane == 0:
            for k in range(K / BK):
                wait empty[k % 2], (k / 2 + 1) % 2
                expect_tx full[k % 2], 4096
                tma_load sA[k % S], A[block.x * BM : +BM, k * BK : +BK], full[k % 2]
    else:
        acc = zeros f32[BM, BK] layout (128, 8):(1, 128)
        for k in range(K / BK):
            wait full[k % 2], (k / 2) % 2
            a = load sA[k % S] layout (128, 8):(1, 128)
            assert tag(a[i, j]).row == block.x * BM + i and tag(a[i, j]).col == j and tag(a[i, j]).kt == k
            acc = acc + a
            arrive empty[k % 2]
        assert tag(acc[i, j]).row == block.x * BM + i and tag(acc[i, j]).col == j
        assert tag(acc[i, j]).kt == range(0, K / BK)
        store C[block.x * BM : +BM, 0 : +BK], acc
