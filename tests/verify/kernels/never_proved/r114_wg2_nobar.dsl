# a two-warpgroup wgmma: warpgroup 0 retires its own half (wgmma_wait 0) and at once overwrites
# rows 64..65 of sA, which only warpgroup 1's half of the wgmma reads, and which may still be pending
kernel wg2_nobar(A: f16[M, 64], B: f16[64, N], C: f32[M, N]):
    assume M % 128 == 0 and N % 64 == 0
    grid (M / 128, N / 64)
    threads 256
    tag A[i, k] = (row=i, k=k)
    tag B[k, j] = (k=k, col=j)
    sA = shared f16[128, 64] swizzle(3, 3, 3)
    sB = shared f16[64, 64] swizzle(3, 3, 3)
    copy sA[0 : +128, 0 : +64], A[block.x * 128 : +128, 0 : +64]
    copy sB[0 : +64, 0 : +64], B[0 : +64, block.y * 64 : +64]
    barrier
    acc = zeros f32[128, 64] layout wgmma_m64nNk16(warpgroups=2)
    acc = wgmma(sA[0 : +128, 0 : +64], sB[0 : +64, 0 : +64], acc)
    wgmma_commit
    if thread.warp < 4:
        wgmma_wait 0
        copy sA[64 : +2, 0 : +64], A[block.x * 128 : +2, 0 : +64]
    if thread.warp >= 4:
        wgmma_wait 0
    store C[block.x * 128 : +128, block.y * 64 : +64], acc
