# Held-out round 51 (correct; refuted by races only a miscounted distrust made, then unknown):
# a two-deep producer prologue, the loop from k = 2. The loop's copies count their rounds from
# iteration 0, the prologue's statements being iterations 0 and 1 (encode/mbarrier.py, _peel).
kernel ws_prologue2(A: f32[M, K], C: f32[M, 32]):
    assume M % BM == 0 and K % BK == 0 and K >= 2 * BK
    const BM, BK, S = 32, 32, 2
    grid (M / BM)
    threads 160
    tag A[i, k] = (row=i, col=k % BK, kt=k / BK)
    sA = shared f32[S, BM, BK]
    full = mbarrier[S] count 1
    empty = mbarrier[S] count 128
    if thread.warp == 4:
        if thread.lane == 0:
            expect_tx full[0], 4096
            tma_load sA[0], A[block.x * BM : +BM, 0 : +BK] masked(fill=0.0), full[0]
            expect_tx full[1], 4096
            tma_load sA[1], A[block.x * BM : +BM, BK : +BK] masked(fill=0.0), full[1]
            for k in range(2, K / BK):
                wait empty[k % S], (k / S + 1) % 2
                expect_tx full[k % S], 4096
                tma_load sA[k % S], A[block.x * BM : +BM, k * BK : +BK], full[k % S]
    else:
        acc = zeros f32[BM, BK] layout (128, 8):(1, 128)
        for k in range(K / BK):
            wait full[k % S], (k / S) % 2
            a = load sA[k % S] layout (128, 8):(1, 128)
            acc = acc + a
            arrive empty[k % S]
        store C[block.x * BM : +BM, 0 : +BK], acc
