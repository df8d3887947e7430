# Held-out round 129 (buggy, was proved): the same with three slots.
# Warps 0-3 wait only in the last iteration (an iteration condition), first on full for the
# last tile's phase and then on empty for warp 4's release of the last tile; warp 4 waits for
# every tile and hands each slot back. The first wait of warps 0-3 on the element claims phase
# (n-1)/2 with no earlier wait: at n = 3 both parities are 1 and both waits return at once
# (phase counts 0), so warps 0-3 read slot 0 before any copy landed.
kernel ws_lastwait(A: f32[M, K], D: f32[M, 32]):
    assume M % BM == 0 and K % BK == 0 and K >= BK
    const BM, BK, S = 32, 32, 3
    grid (M / BM)
    threads 192
    tag A[i, k] = (row=i, col=k % BK, kt=k / BK)
    sA = shared f32[S, BM, BK]
    full = mbarrier[S] count 1
    empty = mbarrier[S] count 32
    if thread.warp == 5:
        if thread.lane == 0:
            for k in range(K / BK):
                wait empty[k % S], (k / S + 1) % 2
                expect_tx full[k % S], 4096
                tma_load sA[k % S], A[block.x * BM : +BM, k * BK : +BK], full[k % S]
    if thread.warp == 4:
        for k in range(K / BK):
            wait full[k % S], (k / S) % 2
            arrive empty[k % S]
    if thread.warp < 4:
        for k in range(K / BK):
            if k >= K / BK - 1:
                wait full[k % S], (k / S) % 2
                wait empty[k % S], (k / S) % 2
                b = load sA[k % S] layout (128, 8):(1, 128)
                assert tag(b[i, j]).row == block.x * BM + i and tag(b[i, j]).col == j
                assert tag(b[i, j]).kt == K / BK - 1
                store D[block.x * BM : +BM, 0 : +BK], b
