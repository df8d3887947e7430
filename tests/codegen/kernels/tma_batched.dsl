# A 3-D source: batch block.y of A, warp 4's lane 0 streams BM x BK boxes of it through a
# two-slot ring (one cp.async.bulk.tensor.3d per tile, box 1 x BM x BK); warps 0-3 sum them.
kernel tma_batched(A: f32[B, M, K], C: f32[B, M, 32]):
    assume M % BM == 0 and K % BK == 0 and K >= BK
    const BM, BK, S = 32, 32, 2
    grid (M / BM, B)
    threads 160
    sA = shared f32[S, BM, BK]
    full = mbarrier[S] count 1
    empty = mbarrier[S] count 128
    if thread.warp == 4:
        if thread.lane == 0:
            for k in range(K / BK):
                wait empty[k % S], (k / S + 1) % 2
                expect_tx full[k % S], 4096
                tma_load sA[k % S], A[block.y, block.x * BM : +BM, k * BK : +BK], full[k % S]
    else:
        acc = zeros f32[BM, BK] layout (128, 8):(1, 128)
        for k in range(K / BK):
            wait full[k % S], (k / S) % 2
            a = load sA[k % S] layout (128, 8):(1, 128)
            acc = acc + a
            arrive empty[k % S]
        store C[block.y, block.x * BM : +BM, 0 : +BK], acc
