# A ring of 3 slots whose consumer waits on `k % 2`, the parity of a ring of 2: its round on
# slot k % 3 is k / 3, whose phase has parity (k / 3) % 2. The protocol model cannot say which
# phase each wait waits for (unknown), but the kernel is wrong: at k = 1 the wait on full[1]
# asks for parity 1 while phase 0 is still open, returns at once, and the read races with the
# bulk copy filling slot 1. Running it on the interpreter (argus_verify/execute.py) meets that
# read, and the verdict is a violation with the interpreter's execution as its witness.
kernel ring3_parity_of_two(A: f32[M, K], C: f32[M, 32]):
    assume M % BM == 0 and K % BK == 0 and K >= BK
    const BM, BK, S = 32, 32, 3
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
        acc = zeros f32[BM, BK] layout (128, 8):(1, 128)
        for k in range(K / BK):
            wait full[k % S], k % 2
            a = load sA[k % S] layout (128, 8):(1, 128)
            assert tag(a[i, j]).row == block.x * BM + i and tag(a[i, j]).col == j
            acc = acc + a
            arrive empty[k % S]
        assert tag(acc[i, j]).row == block.x * BM + i and tag(acc[i, j]).col == j
        assert tag(acc[i, j]).kt == range(0, K / BK)
        store C[block.x * BM : +BM, 0 : +BK], acc
