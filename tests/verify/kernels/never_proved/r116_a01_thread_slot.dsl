kernel a01(A: f16[M, 128], B: f16[64, N], C: f32[M, N]):
    assume M % 64 == 0 and N % 64 == 0
    grid (M / 64, N / 64)
    threads 128
    sA = shared f16[2, 64, 64] swizzle(3, 3, 3)
    sB = shared f16[64, 64] swizzle(3, 3, 3)
    copy sA[0], A[block.x * 64 : +64, 0 : +64]
    copy sA[1], A[block.x * 64 : +64, 64 : +64]
    copy sB[0 : +64, 0 : +64], B[0 : +64, block.y * 64 : +64]
    barrier
    acc = zeros f32[64, 64] layout wgmma_m64nNk16(warpgroups=1)
    acc = wgmma(sA[thread.warp % 2], sB[0 : +64, 0 : +64], acc)
    wgmma_commit
    wgmma_wait 0
    store C[block.x * 64 : +64, block.y * 64 : +64], acc
