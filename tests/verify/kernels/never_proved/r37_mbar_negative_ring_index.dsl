# BUG: the mbarrier ring index k % S is -1 at k = -1 (the DSL's % truncates toward zero): an
# mbarrier that does not exist (held-out round 37: Z3's % took it for full[S - 1]; unknown now).
kernel wsneg(A: f32[M, K], C: f32[M, 32]):
    assume M % BM == 0 and K % BK == 0 and K >= BK
    const BM, BK, S = 32, 32, 2
    grid (M / BM)
    threads 160
    tag A[i, k] = (row=i, col=k % BK, kt=k / BK)
    sA = shared f32[S, BM, BK]
    full = mbarrier[S] count 1
    empty = mbarrier[S] count 128
    if thread.warp == 4:
        if thread.lane == 0:
            for k in range(-1, K / BK - 1):
                wait empty[k % S], ((k + 1) / S + 1) % 2
                expect_tx full[k % S], 4096
                tma_load sA[(k + 1) % S], A[block.x * BM : +BM, (k + 1) * BK : +BK], full[k % S]
    else:
        acc = zeros f32[BM, BK] layout (128, 8):(1, 128)
        for k in range(-1, K / BK - 1):
            wait full[k % S], ((k + 1) / S) % 2
            a = load sA[(k + 1) % S] layout (128, 8):(1, 128)
            assert tag(a[i, j]).row == block.x * BM + i and tag(a[i, j]).col == j
            acc = acc + a
            arrive empty[k % S]
        assert tag(acc[i, j]).row == block.x * BM + i and tag(acc[i, j]).col == j
        assert tag(acc[i, j]).kt == range(0, K / BK)
        store C[block.x * BM : +BM, 0 : +BK], acc
