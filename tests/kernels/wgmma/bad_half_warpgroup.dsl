# Only warps 0-1 run the wgmma: half a warpgroup, where the instruction needs all 128
# threads of warpgroup 0.
kernel wgmma_half(A: f16[M, 64], B: f16[64, N], C: f32[M, N]):
    assume M % BM == 0 and N % BN == 0
    const BM, BN = 64, 64
    grid (M / BM, N / BN)
    threads 128
    tag A[i, k] = (row=i, k=k)
    tag B[k, j] = (k=k, col=j)
    sA = shared f16[BM, 64] swizzle(3, 3, 3)
    sB = shared f16[64, BN] swizzle(3, 3, 3)
    copy sA[0 : +BM, 0 : +64], A[block.x * BM : +BM, 0 : +64]
    copy sB[0 : +64, 0 : +BN], B[0 : +64, block.y * BN : +BN]
    barrier
    acc = zeros f32[BM, BN] layout wgmma_m64nNk16(warpgroups=1)
    if thread.warp < 2:
        acc = wgmma(sA[0 : +BM, 0 : +64], sB[0 : +64, 0 : +BN], acc)  #! error[SYNC]
        wgmma_commit  #! error[SYNC]
        wgmma_wait 0  #! error[SYNC]
    store C[block.x * BM : +BM, block.y * BN : +BN], acc
