# Held-out round 51 (correct; refuted): the consumers peel their first round (a
# straight-line wait and arrive), then loop from 1; the loop's waits have no known phase.
kernel consumer_peeled(A: f32[M, K], C: f32[M, 32]):
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
            for k in range(K / BK):
                wait empty[k % S], (k / S + 1) % 2
                expect_tx full[k % S], 4096
                tma_load sA[k % S], A[block.x * BM : +BM, k * BK : +BK], full[k % S]
    else:
        wait full[0], 0
        acc = load sA[0] layout (128, 8):(1, 128)
        arrive empty[0]
        for k in range(1, K / BK):
            wait full[k % S], (k / S) % 2
            a = load sA[k % S] layout (128, 8):(1, 128)
            acc = acc + a
            arrive empty[k % S]
        store C[block.x * BM : +BM, 0 : +BK], acc
