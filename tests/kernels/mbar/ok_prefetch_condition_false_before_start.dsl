# Held-out round 129 (correct; was a deadlock finding): the prefetch under
# `if k >= 0 and k + 1 < K / BK:`; the tile loaded before the loop is the copy of iteration -1,
# which runs whatever the condition says there.
kernel tma_ring_nows(A: f32[M, K], C: f32[M, 32]):
    assume M % BM == 0 and K % BK == 0 and K >= BK
    const BM, BK, S = 32, 32, 2
    grid (M / BM)
    threads 128
    tag A[i, k] = (row=i, col=k % BK, kt=k / BK)
    sA = shared f32[S, BM, BK]
    full = mbarrier[S] count 1
    if thread.x == 0:
        expect_tx full[0], 4096
        tma_load sA[0], A[block.x * BM : +BM, 0 : +BK], full[0]
    acc = zeros f32[BM, BK] layout (128, 8):(1, 128)
    for k in range(K / BK):
        if thread.x == 0:
            if k >= 0 and k + 1 < K / BK:
                expect_tx full[(k + 1) % S], 4096
                tma_load sA[(k + 1) % S], A[block.x * BM : +BM, (k + 1) * BK : +BK], full[(k + 1) % S]
        wait full[k % S], (k / S) % 2
        a = load sA[k % S] layout (128, 8):(1, 128)
        assert tag(a[i, j]).row == block.x * BM + i and tag(a[i, j]).col == j
        acc = acc + a
        barrier
    assert tag(acc[i, j]).row == block.x * BM + i and tag(acc[i, j]).col == j
    assert tag(acc[i, j]).kt == range(0, K / BK)
    store C[block.x * BM : +BM, 0 : +BK], acc
