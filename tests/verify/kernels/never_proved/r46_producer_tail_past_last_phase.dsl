# Held-out round 46: a warp-specialised producer ends with a wait for each slot's last
# release; slot 0's parity (K / BK / 2) % 2 names the phase after its last one, which never
# completes (K / BK even), so the producer never returns.
kernel producer_tail(A: f32[M, K], C: f32[M, 32]):
    assume M % BM == 0 and K % BK == 0 and K % 64 == 0 and K >= 64
    const BM, BK, S = 32, 32, 2
    grid (M / BM)
    threads 160
    tag A[i, k] = (row=i, col=k % BK, kt=k / BK)
    tag C[i, j] = (row=i, col=j, kt=range(0, K / BK))
    sA = shared f32[S, BM, BK]
    full = mbarrier[S] count 1
    empty = mbarrier[S] count 128
    if thread.warp == 4:
        if thread.lane == 0:
            for k in range(K / BK):
                wait empty[k % S], (k / S + 1) % 2
                expect_tx full[k % S], 4096
                tma_load sA[k % S], A[block.x * BM : +BM, k * BK : +BK], full[k % S]
            wait empty[1], (K / BK / 2 + 1) % 2
            wait empty[0], (K / BK / 2) % 2
    else:
        acc = zeros f32[BM, BK] layout (128, 8):(1, 128)
        for k in range(K / BK):
            wait full[k % S], (k / S) % 2
            a = load sA[k % S] layout (128, 8):(1, 128)
            acc = acc + a
            arrive empty[k % S]
        store C[block.x * BM : +BM, 0 : +BK], acc
