# Every block whose x is even runs the wgmma (all of its 128 threads), odd blocks store zeros: a
# condition on the block lets a whole warpgroup run it or none (held-out round 114: SYNC said
# 0 threads ran it).
kernel ok_block_condition(A: f16[M, 64], B: f16[64, N], C: f32[M, N]):
    assume M % 64 == 0 and N % 64 == 0
    grid (M / 64, N / 64)
    threads 128
    sA = shared f16[64, 64] swizzle(3, 3, 3)
    sB = shared f16[64, 64] swizzle(3, 3, 3)
    copy sA[0 : +64, 0 : +64], A[block.x * 64 : +64, 0 : +64]
    copy sB[0 : +64, 0 : +64], B[0 : +64, block.y * 64 : +64]
    barrier
    acc = zeros f32[64, 64] layout wgmma_m64nNk16(warpgroups=1)
    if block.x % 2 == 0:
        acc = wgmma(sA[0 : +64, 0 : +64], sB[0 : +64, 0 : +64], acc)
        wgmma_commit
        wgmma_wait 0
    store C[block.x * 64 : +64, block.y * 64 : +64], acc
