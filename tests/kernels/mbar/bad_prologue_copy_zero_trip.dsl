# Held-out round 51 (proved): a prologue bulk copy of tile 0 whose consumers loop K / 32 times:
# at K = 16 no thread waits for its phase, and it may outlive the block.
kernel ws_prologue_zero(A: f32[M, K], C: f32[M, 32]):
    assume M % BM == 0 and K % 4 == 0
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
            tma_load sA[0], A[block.x * BM : +BM, 0 : +BK] masked(fill=0.0), full[0]  #! error[ASYNC]
            for k in range(1, K / BK):
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
