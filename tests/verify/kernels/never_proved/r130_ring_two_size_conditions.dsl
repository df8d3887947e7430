# Held-out round 130 (hangs at K / BK = 15, was proved): the warp-specialised ring with a producer
# wait under K / BK % 3 == 0 and a consumer wait under K / BK % 5 == 0.
# Standard warp-specialised two-slot ring. Under C1 (K / BK % 3 == 0) the producer, after issuing
# tile k, waits for the consumers' release of tile k before signalling g (harmless alone: the
# release needs only tile k); it always waits for the release of tile k - 1 first. Under C2 (K / BK % 5 == 0) the consumers wait for g's phase k
# before releasing tile k (harmless alone: g's arrival needs nothing from them). Both
# (K / BK = 15, 30, ...): the producer waits for the release, the consumers for g: a deadlock
# at k = 0. The graph's sizes (1, 2, 6 iterations; 3 for C1, 5 for C2) never have both.
kernel ring2c(A: f32[M, K], C: f32[M, 32]):
    assume M % BM == 0 and K % BK == 0 and K >= BK
    const BM, BK, S = 32, 32, 2
    grid (M / BM)
    threads 160
    tag A[i, k] = (row=i, col=k % BK, kt=k / BK)
    sA = shared f32[S, BM, BK]
    full = mbarrier[S] count 1
    empty = mbarrier[S] count 128
    g = mbarrier[1] count 1
    if thread.warp == 4:
        if thread.lane == 0:
            for k in range(K / BK):
                wait empty[k % S], (k / S + 1) % 2
                expect_tx full[k % S], 4096
                tma_load sA[k % S], A[block.x * BM : +BM, k * BK : +BK], full[k % S]
                wait empty[(k + 1) % S], ((k + 1) / S + 1) % 2
                if (K / BK) % 3 == 0:
                    wait empty[k % S], (k / S) % 2
                arrive g[0]
                wait g[0], k % 2
    else:
        acc = zeros f32[BM, BK] layout (128, 8):(1, 128)
        for k in range(K / BK):
            wait full[k % S], (k / S) % 2
            a = load sA[k % S] layout (128, 8):(1, 128)
            assert tag(a[i, j]).row == block.x * BM + i and tag(a[i, j]).col == j
            acc = acc + a
            if (K / BK) % 5 == 0:
                wait g[0], k % 2
            arrive empty[k % S]
        assert tag(acc[i, j]).row == block.x * BM + i and tag(acc[i, j]).col == j
        assert tag(acc[i, j]).kt == range(0, K / BK)
        store C[block.x * BM : +BM, 0 : +BK], acc
