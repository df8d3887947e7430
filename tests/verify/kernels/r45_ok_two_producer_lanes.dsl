# Held-out round 45 (unknown before): two producer lanes each expect half a slot's bytes and
# copy half of it, on a full ring of count 2; a read after the wait sees each lane's copy
# of the round where it writes (several copy statements per round, encode/tma_flow.py). The
# lanes are if/else roles: the interpreter runs two `if`s in a row one after the other.
kernel ring(A: f32[M, K], C: f32[M, 32]):
    assume M % BM == 0 and K % BK == 0 and K >= BK
    const BM, BK, S = 32, 32, 2
    grid (M / BM)
    threads 160
    tag A[i, k] = (row=i, col=k % BK, kt=k / BK)
    sA = shared f32[S, BM, BK]
    full = mbarrier[S] count 2
    empty = mbarrier[S] count 128
    if thread.warp == 4:
        if thread.lane == 0:
            for k in range(K / BK):
                wait empty[k % S], (k / S + 1) % 2
                expect_tx full[k % S], 2048
                tma_load sA[k % S, 0 : +16, 0 : +BK], A[block.x * BM + 0 : +16, k * BK : +BK], full[k % S]
        else:
            if thread.lane == 1:
                for k in range(K / BK):
                    wait empty[k % S], (k / S + 1) % 2
                    expect_tx full[k % S], 2048
                    tma_load sA[k % S, 16 : +16, 0 : +BK], A[block.x * BM + 16 : +16, k * BK : +BK], full[k % S]
    else:
        acc = zeros f32[BM, BK] layout (128, 8):(1, 128)
        for k in range(K / BK):
            wait full[k % S], (k / S) % 2
            a = load sA[k % S] layout (128, 8):(1, 128)
            assert tag(a[i, j]).row == block.x * BM + i and tag(a[i, j]).col == j
            acc = acc + a
            arrive empty[k % S]
        assert tag(acc[i, j]).row == block.x * BM + i and tag(acc[i, j]).col == j
        assert tag(acc[i, j]).kt == range(0, K / BK)
        store C[block.x * BM : +BM, 0 : +BK], acc
