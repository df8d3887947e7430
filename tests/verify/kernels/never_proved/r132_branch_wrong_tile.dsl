# Held-out round 132 (buggy, was proved): the producer's else-branch loads tile k - 1 into slot 1.
# BUG (minimal): the producer's odd branch loads tile k - 1 into slot 1 instead of tile k.
kernel branch_wrong_tile(A: f32[M, K], C: f32[M, 32]):
    assume M % BM == 0 and K % (2 * BK) == 0 and K >= 2 * BK
    const BM, BK, S = 32, 32, 2
    grid (M / BM)
    threads 160
    tag A[i, k] = (row=i, col=k % BK, kt=k / BK)
    sA = shared f32[S, BM, BK]
    full = mbarrier[S] count 1
    empty = mbarrier[S] count 128
    if thread.warp == 4:
        if thread.lane == 0:
            for k in range(K / BK):
                if k % 2 == 0:
                    wait empty[k % S], (k / S + 1) % 2
                    expect_tx full[k % S], 4096
                    tma_load sA[k % S], A[block.x * BM : +BM, k * BK : +BK], full[k % S]
                else:
                    wait empty[k % S], (k / S + 1) % 2
                    expect_tx full[k % S], 4096
                    tma_load sA[k % S], A[block.x * BM : +BM, (k - 1) * BK : +BK], full[k % S]
    else:
        acc = zeros f32[BM, BK] layout (128, 8):(1, 128)
        for k in range(K / BK):
            wait full[k % S], (k / S) % 2
            a = load sA[k % S] layout (128, 8):(1, 128)
            assert tag(a[i, j]).row == block.x * BM + i and tag(a[i, j]).col == j
            acc = acc + a
            arrive empty[k % S]
        assert tag(acc[i, j]).row == block.x * BM + i and tag(acc[i, j]).col == j
        assert tag(acc[i, j]).kt == range(0, K / BK)
        store C[block.x * BM : +BM, 0 : +BK], acc
