# Held-out round 133's o02, written as correct and left unknown; it is wrong. Warpgroup 0
# takes tiles k % 4 < 2, warpgroup 1 tiles k % 4 >= 2, both waiting on full[k % 2] with
# parity (k / 2) % 2. Warpgroup 1's first wait (k = 2) is its first on full[0] and asks for
# parity 1: on a fresh barrier that returns at once, before any copy landed, and its
# arrival on empty[0] then completes a phase the producer's first wait did not expect: the
# block deadlocks. The parity argument needs each thread's earlier wait on the element
# (encode/mbarrier._gap), so the model is undecided; the interpreter's run shows the hang.
kernel two_groups_first_wait_skipped(A: f32[M, K], C: f32[M, 32]):
    assume M % BM == 0 and K % (4 * BK) == 0 and K >= 4 * BK
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
            for k in range(0, K / BK):
                wait empty[k % S], (k / S) % 2
                expect_tx full[k % S], 4096
                tma_load sA[k % S], A[block.x * BM : +BM, k * BK : +BK], full[k % S]
    if thread.warp < 4:
        arrive empty[0]
        arrive empty[1]
        for k in range(K / BK):
            if k % 4 < 2:
                wait full[k % S], (k / S) % 2
                a0 = load sA[k % S] layout (256, 4):(1, 256)
                assert tag(a0[i, j]).row == block.x * BM + i and tag(a0[i, j]).kt == k
                acc = acc + a0
                arrive empty[k % S]
    if thread.warp >= 4 and thread.warp < 8:
        for k in range(K / BK):
            if k % 4 >= 2:
                wait full[k % S], (k / S) % 2
                a1 = load sA[k % S] layout (256, 4):(1, 256)
                assert tag(a1[i, j]).row == block.x * BM + i and tag(a1[i, j]).kt == k
                acc = acc + a1
                arrive empty[k % S]
    store C[block.x * BM : +BM, 0 : +BK], acc
