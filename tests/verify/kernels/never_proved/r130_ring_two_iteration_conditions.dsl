# Held-out round 130 (hangs from K / BK = 12, was proved): conditions k % 2 == 1 and k + 10 < K / BK
# that hold at one k only from 12 tiles on.
# FP2 with conditions on k: the producer waits for the release of tile k only at odd k, the
# consumers wait on g before releasing tile k only while k + 10 < K / BK. Both hold at k = 1
# once K / BK >= 12: a deadlock at k = 1. The graph's sizes (1, 2, 6 iterations; 2 for the
# producer's condition, 11 for the consumers', where it holds only at k = 0) never have both.
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
                if k % 2 == 1:
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
            if k + 10 < K / BK:
                wait g[0], k % 2
            arrive empty[k % S]
        assert tag(acc[i, j]).row == block.x * BM + i and tag(acc[i, j]).col == j
        assert tag(acc[i, j]).kt == range(0, K / BK)
        store C[block.x * BM : +BM, 0 : +BK], acc
