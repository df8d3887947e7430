# tests/kernels/mbar/ok_ws_pingpong.dsl with the producer's round split over `if k % 2 == 0:`
# and `else:` (held-out round 132), each branch filling one slot: each copy fills the rounds
# its branch runs, and a slot's count is the arrivals of the statements that use it.
kernel ws_pingpong_branches(A: f32[M, K], C: f32[M, 32]):
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
                    wait empty[k % S], (k / S + 1) % 2
                    expect_tx full[k % S], 4096
                    tma_load sA[k % S], A[block.x * BM : +BM, k * BK : +BK], full[k % S]
                else:
                    wait empty[k % S], (k / S + 1) % 2
                    expect_tx full[k % S], 4096
                    tma_load sA[k % S], A[block.x * BM : +BM, k * BK : +BK], full[k % S]
    if thread.warp < 4:
        for k in range(K / BK):
            if k % 2 == 0:
                wait full[k % S], (k / S) % 2
                a = load sA[k % S] layout (256, 4):(1, 256)
                assert tag(a[i, j]).row == block.x * BM + i and tag(a[i, j]).kt == k
                acc = acc + a
                arrive empty[k % S]
    if thread.warp >= 4 and thread.warp < 8:
        for k in range(K / BK):
            if k % 2 == 1:
                wait full[k % S], (k / S) % 2
                b = load sA[k % S] layout (256, 4):(1, 256)
                assert tag(b[i, j]).row == block.x * BM + i and tag(b[i, j]).kt == k
                acc = acc + b
                arrive empty[k % S]
    store C[block.x * BM : +BM, 0 : +BK], acc
