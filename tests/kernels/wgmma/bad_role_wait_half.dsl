# The second `if` covers only warps 0-1 of the issuing warpgroup: threads 64-127 hold
# accumulator values their own group has not retired.
kernel bad_role_wait_half(A: f16[M, 64], B: f16[64, N], C: f32[M, N]):
    assume M % 64 == 0 and N % 64 == 0
    grid (M / 64, N / 64)
    threads 256
    tag A[i, k] = (row=i, k=k)
    tag B[k, j] = (k=k, col=j)
    tag C[i, j] = (row=i, col=j, k=range(0, 64))
    sA = shared f16[64, 64] swizzle(3, 3, 3)
    sB = shared f16[64, 64] swizzle(3, 3, 3)
    copy sA[0 : +64, 0 : +64], A[block.x * 64 : +64, 0 : +64]
    copy sB[0 : +64, 0 : +64], B[0 : +64, block.y * 64 : +64]
    barrier
    acc = zeros f32[64, 64] layout wgmma_m64nNk16(warpgroups=1)
    if thread.warp < 4:
        acc = wgmma(sA[0 : +64, 0 : +64], sB[0 : +64, 0 : +64], acc)
        wgmma_commit
    barrier
    if thread.warp < 2:
        wgmma_wait 0  #! error[SYNC]
    store C[block.x * 64 : +64, block.y * 64 : +64], acc  #! error[ASYNC]
