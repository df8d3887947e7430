kernel a03(A: f16[M, 64], B: f16[128, N], C: f32[M, N]):
    assume M % 128 == 0 and N % 64 == 0
    grid (M / 128, N / 64)
    threads 256
    sA = shared f16[128, 64] swizzle(3, 3, 3)
    sB = shared f16[2, 64, 64] swizzle(3, 3, 3)
    copy sA[0 : +128, 0 : +64], A[block.x * 128 : +128, 0 : +64]
    copy sB[0], B[0 : +64, block.y * 64 : +64]
    copy sB[1], B[64 : +64, block.y * 64 : +64]
    barrier
    acc = zeros f32[128, 64] layout wgmma_m64nNk16(warpgroups=2)
    acc = wgmma(sA[0 : +128, 0 : +64], sB[thread.x / 128], acc)
    wgmma_commit
    wgmma_wait 0
    store C[block.x * 128 : +128, block.y * 64 : +64], acc
