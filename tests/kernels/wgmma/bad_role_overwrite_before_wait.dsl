# Between the issue and the wait in the second `if`, warpgroup 1 refills sB: the wgmma may
# still be reading it (it is retired only at the wait): RACE with the issue's read, and WAR: the
# write lies between the issue and the retiring wait.
kernel bad_role_overwrite_before_wait(A: f16[M, 64], B: f16[64, N], C: f32[M, N]):
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
        acc = wgmma(sA[0 : +64, 0 : +64], sB[0 : +64, 0 : +64], acc)  #! error[RACE]
        wgmma_commit
    barrier
    if thread.warp >= 4:
        copy sB[0 : +64, 0 : +64], B[0 : +64, block.y * 64 : +64]  #! error[WAR]
    if thread.warp < 4:
        wgmma_wait 0
    store C[block.x * 64 : +64, block.y * 64 : +64], acc
