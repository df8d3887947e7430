# One warpgroup copies k tile k + 1 into the other slot of a two-slot ring while the wgmma on
# slot k % S is pending; the wait and the barrier end the iteration.
kernel t02(A: f16[M, K], B: f16[K, N], C: f32[M, N]):
    assume M % BM == 0 and N % BN == 0 and K % BK == 0 and K >= BK
    const BM, BN, BK, S = 64, 64, 64, 2
    grid (M / BM, N / BN)
    threads 128
    tag A[i, k] = (row=i, k=k)
    tag B[k, j] = (k=k, col=j)
    sA = shared f16[S, BM, BK] swizzle(3, 3, 3)
    sB = shared f16[S, BK + 4, BN] swizzle(3, 3, 3)
    copy sA[0], A[block.x * BM : +BM, 0 : +BK]
    copy sB[0, 0 : +BK, 0 : +BN], B[0 : +BK, block.y * BN : +BN]
    barrier
    acc = zeros f32[BM, BN] layout wgmma_m64nNk16(warpgroups=1)
    for k in range(K / BK):
        acc = wgmma(sA[k % S], sB[k % S, 0 : +BK, 0 : +BN], acc)
        wgmma_commit
        if k + 1 < K / BK:
            copy sA[(k + 1) % S], A[block.x * BM : +BM, (k + 1) * BK : +BK]
            copy sB[(k + 1) % S, 0 : +BK, 0 : +BN], B[(k + 1) * BK : +BK, block.y * BN : +BN]
        wgmma_wait 0
        barrier
    assert tag(acc[i, j]).row == block.x * BM + i and tag(acc[i, j]).col == block.y * BN + j
    assert tag(acc[i, j]).k == range(0, K)
    store C[block.x * BM : +BM, block.y * BN : +BN], acc
