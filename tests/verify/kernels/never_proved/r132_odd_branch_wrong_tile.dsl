# Held-out round 132 (buggy, was proved): the producer's else-branch loads tile k - 1 (ping-pong consumers).
# BUG: the odd branch of the producer loads tile k - 1 instead of k; warpgroup 1 asserts kt == k.
kernel odd_branch_wrong_tile(A: f32[M, K], C: f32[M, 32]):
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
                if k % 2 == 0:
                    wait empty[k % S], (k / 2 + 1) % 2
                    expect_tx full[k % S], 4096
                    tma_load sA[k % S], A[block.x * BM : +BM, k * BK : +BK], full[k % S]
                else:
                    wait empty[k % S], (k / 2 + 1) % 2
                    expect_tx full[k % S], 4096
                    tma_load sA[k % S], A[block.x * BM : +BM, (k - 1) * BK : +BK], full[k % S]
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
                a1 = load sA[k % S] layout (256, 4):(1, 256)
                assert tag(a1[i, j]).row == block.x * BM + i and tag(a1[i, j]).kt == k
                acc = acc + a1
                arrive empty[k % S]
    store C[block.x * BM : +BM, 0 : +BK], acc
