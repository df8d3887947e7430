# The outer wgmma is retired by the wait inside a loop of one trip: that loop runs, so no path
# leaves the wgmma pending (held-out round 114: E041 took the loop for one that may not run).
kernel ok_wait_in_one_trip_loop(A: f16[M, K], B: f16[K, N], C: f32[M, N]):
    assume M % BM == 0 and N % BN == 0 and K % BK == 0 and K >= BK and K % (2 * BK) == 0
    const BM, BN, BK, S = 64, 64, 64, 2
    grid (M / BM, N / BN)
    threads 128
    tag A[i, k] = (row=i, k=k)
    tag B[k, j] = (k=k, col=j)
    sA = shared f16[S, BM, BK] swizzle(3, 3, 3)
    sB = shared f16[S, BK, BN] swizzle(3, 3, 3)
    copy sA[0], A[block.x * BM : +BM, 0 : +BK]
    copy sB[0], B[0 : +BK, block.y * BN : +BN]
    copy sA[1], A[block.x * BM : +BM, BK : +BK]
    copy sB[1], B[BK : +BK, block.y * BN : +BN]
    barrier
    acc = zeros f32[BM, BN] layout wgmma_m64nNk16(warpgroups=1)
    for kk in range(K / (2 * BK)):
        acc = wgmma(sA[0], sB[0], acc)
        wgmma_commit
        for ki in range(1):
            acc = wgmma(sA[1], sB[1], acc)
            wgmma_commit
            wgmma_wait 0
        barrier
        if kk + 1 < K / (2 * BK):
            copy sA[0], A[block.x * BM : +BM, (2 * kk + 2) * BK : +BK]
            copy sB[0], B[(2 * kk + 2) * BK : +BK, block.y * BN : +BN]
            copy sA[1], A[block.x * BM : +BM, (2 * kk + 3) * BK : +BK]
            copy sB[1], B[(2 * kk + 3) * BK : +BK, block.y * BN : +BN]
        barrier
    assert tag(acc[i, j]).row == block.x * BM + i and tag(acc[i, j]).col == block.y * BN + j
    assert tag(acc[i, j]).k == range(0, K)
    store C[block.x * BM : +BM, block.y * BN : +BN], acc
