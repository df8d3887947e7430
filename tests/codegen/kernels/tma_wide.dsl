# A box a tensor map cannot hold (512 elements along its rows, the limit is 256): the
# lowering falls back to one non-tensor cp.async.bulk of 2048 bytes per row of the tile.
kernel tma_wide(A: f32[M, K], C: f32[M, 512]):
    assume M % BM == 0 and K % BK == 0 and K >= BK
    const BM, BK, S = 4, 512, 2
    grid (M / BM)
    threads 160
    sA = shared f32[S, BM, BK]
    full = mbarrier[S] count 1
    empty = mbarrier[S] count 128
    if thread.warp == 4:
        if thread.lane == 0:
            for k in range(K / BK):
                wait empty[k % S], (k / S + 1) % 2
                expect_tx full[k % S], 8192
                tma_load sA[k % S], A[block.x * BM : +BM, k * BK : +BK], full[k % S]
    else:
        acc = zeros f32[BM, BK] layout (128, 16):(1, 128)
        for k in range(K / BK):
            wait full[k % S], (k / S) % 2
            a = load sA[k % S] layout (128, 16):(1, 128)
            acc = acc + a
            arrive empty[k % S]
        store C[block.x * BM : +BM, 0 : +BK], acc
