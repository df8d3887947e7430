# Held-out round 49 (proved, a copy outlives the block): the producer loops (K + 16) / 32
# times, the consumers K / 32; at K = 48 the second bulk copy's phase is waited for by no
# thread. The trip counts agree at the sizes the deadlock graph is built at.
kernel trips_leave_copy_unwaited(A: f32[M, K], C: f32[M, 32]):
    assume M % BM == 0 and K % 16 == 0 and K >= BK
    const BM, BK, S = 32, 32, 2
    grid (M / BM)
    threads 160
    tag A[i, k] = (row=i, col=k % BK, kt=k / BK)
    sA = shared f32[S, BM, BK]
    full = mbarrier[S] count 1
    empty = mbarrier[S] count 128
    if thread.warp == 4:
        if thread.lane == 0:
            for k in range((K + 16) / BK):
                wait empty[k % S], (k / S + 1) % 2
                expect_tx full[k % S], 4096
                tma_load sA[k % S], A[block.x * BM : +BM, min(k, K / BK - 1) * BK : +BK], full[k % S]  #! error[ASYNC]
    else:
        acc = zeros f32[BM, BK] layout (128, 8):(1, 128)
        for k in range(K / BK):
            wait full[k % S], (k / S) % 2
            a = load sA[k % S] layout (128, 8):(1, 128)
            acc = acc + a
            arrive empty[k % S]
        store C[block.x * BM : +BM, 0 : +BK], acc
