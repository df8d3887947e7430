# Held-out round 130 (hangs at n = 15, was proved): two waits under n % 3 == 0 and n % 5 == 0.
# Two-slot ring written as two constant-index mbarrier pairs (slot 0: f0/e0, slot 1: f1/e1),
# two tiles per iteration. Under C1 (n % 3 == 0) the producer waits for the release of tile 2k
# before loading tile 2k+1; under C2 (n % 5 == 0) the consumers wait for tile 2k+1 before
# releasing tile 2k. Each alone is harmless; both (n = 15) deadlock at k = 0.
kernel pair(A: f32[M, K], C: f32[M, 32]):
    assume M % BM == 0 and K % BK == 0 and K % (2 * BK) == 0 and K >= 2 * BK
    const BM, BK = 32, 32
    grid (M / BM)
    threads 160
    tag A[i, k] = (row=i, col=k % BK, kt=k / BK)
    sA = shared f32[1, BM, BK]
    sB = shared f32[1, BM, BK]
    f0 = mbarrier[1] count 1
    f1 = mbarrier[1] count 1
    e0 = mbarrier[1] count 128
    e1 = mbarrier[1] count 128
    g1 = mbarrier[1] count 1
    if thread.warp == 4:
        if thread.lane == 0:
            for k in range(K / (2 * BK)):
                wait e0[0], (k + 1) % 2
                expect_tx f0[0], 4096
                tma_load sA[0], A[block.x * BM : +BM, (2 * k) * BK : +BK], f0[0]
                if (K / (2 * BK)) % 3 == 0:
                    wait e0[0], k % 2
                wait e1[0], (k + 1) % 2
                expect_tx f1[0], 4096
                tma_load sB[0], A[block.x * BM : +BM, (2 * k + 1) * BK : +BK], f1[0]
                arrive g1[0]
                wait g1[0], k % 2
    else:
        acc = zeros f32[BM, BK] layout (128, 8):(1, 128)
        for k in range(K / (2 * BK)):
            wait f0[0], k % 2
            a = load sA[0] layout (128, 8):(1, 128)
            assert tag(a[i, j]).row == block.x * BM + i and tag(a[i, j]).col == j
            acc = acc + a
            if (K / (2 * BK)) % 5 == 0:
                wait g1[0], k % 2
            arrive e0[0]
            wait f1[0], k % 2
            b = load sB[0] layout (128, 8):(1, 128)
            assert tag(b[i, j]).row == block.x * BM + i and tag(b[i, j]).col == j
            acc = acc + b
            arrive e1[0]
        assert tag(acc[i, j]).row == block.x * BM + i and tag(acc[i, j]).col == j
        assert tag(acc[i, j]).kt == range(0, K / BK)
        store C[block.x * BM : +BM, 0 : +BK], acc
