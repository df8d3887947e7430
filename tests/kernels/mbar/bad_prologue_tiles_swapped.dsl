# Three stages: the prologue loads tile 1 into slot 0 (and tile 1 again into slot 1), so
# tile 0 never reaches the sum and tile 1 counts twice.
kernel tma_ring3(A: f32[M, K], C: f32[M, 32]):
    assume M % BM == 0 and K % BK == 0 and K >= 2 * BK
    const BM, BK, S = 32, 32, 3
    grid (M / BM)
    threads 128
    tag A[i, k] = (row=i, col=k % BK, kt=k / BK)
    sA = shared f32[S, BM, BK]
    full = mbarrier[S] count 1
    if thread.x == 0:
        expect_tx full[0], 4096
        tma_load sA[0], A[block.x * BM : +BM, BK : +BK], full[0]
        expect_tx full[1], 4096
        tma_load sA[1], A[block.x * BM : +BM, BK : +BK], full[1]
    acc = zeros f32[BM, BK] layout (128, 8):(1, 128)
    for k in range(K / BK):
        if thread.x == 0:
            if k + 2 < K / BK:
                expect_tx full[(k + 2) % S], 4096
                tma_load sA[(k + 2) % S], A[block.x * BM : +BM, (k + 2) * BK : +BK], full[(k + 2) % S]
        wait full[k % S], (k / S) % 2
        a = load sA[k % S] layout (128, 8):(1, 128)
        assert tag(a[i, j]).row == block.x * BM + i and tag(a[i, j]).col == j
        acc = acc + a
        barrier
    assert tag(acc[i, j]).row == block.x * BM + i and tag(acc[i, j]).col == j
    assert tag(acc[i, j]).kt == range(0, K / BK)  #! error[TAG]
    store C[block.x * BM : +BM, 0 : +BK], acc
