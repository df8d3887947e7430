# Two k tiles ahead in a two-slot ring: the prefetch of tile k + 2 goes into slot k % S, the one
# the pending wgmma reads (WAR at both copies; ok_prefetch_other_slot prefetches one ahead), and
# every thread of the warpgroup reads that slot until its own wait, unordered with the copies (RACE).
kernel bad_prefetch_two_ahead(A: f16[M, K], B: f16[K, N], C: f32[M, N]):
    assume M % BM == 0 and N % BN == 0 and K % BK == 0 and K >= BK
    const BM, BN, BK, S = 64, 64, 64, 2
    grid (M / BM, N / BN)
    threads 128
    tag A[i, k] = (row=i, k=k)
    tag B[k, j] = (k=k, col=j)
    sA = shared f16[S, BM, BK] swizzle(3, 3, 3)
    sB = shared f16[S, BK, BN] swizzle(3, 3, 3)
    copy sA[0], A[block.x * BM : +BM, 0 : +BK]
    copy sB[0], B[0 : +BK, block.y * BN : +BN]
    if K / BK > 1:
        copy sA[1], A[block.x * BM : +BM, BK : +BK]
        copy sB[1], B[BK : +BK, block.y * BN : +BN]
    barrier
    acc = zeros f32[BM, BN] layout wgmma_m64nNk16(warpgroups=1)
    for k in range(K / BK):
        acc = wgmma(sA[k % S], sB[k % S], acc)  #! error[RACE]
        wgmma_commit
        if k + 2 < K / BK:
            copy sA[(k + 2) % S], A[block.x * BM : +BM, (k + 2) * BK : +BK]  #! error[WAR]
            copy sB[(k + 2) % S], B[(k + 2) * BK : +BK, block.y * BN : +BN]  #! error[WAR]
        wgmma_wait 0
        barrier
    assert tag(acc[i, j]).row == block.x * BM + i and tag(acc[i, j]).col == block.y * BN + j
    assert tag(acc[i, j]).k == range(0, K)
    store C[block.x * BM : +BM, block.y * BN : +BN], acc
