# A wgmma accumulator of 32 rows: a warpgroup multiplies 64.
kernel k(A: f16[32, 64], B: f16[64, 64], C: f32[32, 64]):
    grid (1)
    threads 128
    sA = shared f16[32, 64] swizzle(3, 3, 3)
    sB = shared f16[64, 64] swizzle(3, 3, 3)
    acc = zeros f32[32, 64] layout wgmma_m64nNk16(warpgroups=1)  #! error[E018]
    acc = wgmma(sA[0 : +32, 0 : +64], sB[0 : +64, 0 : +64], acc)
    wgmma_commit
    wgmma_wait 0
    store C[0 : +32, 0 : +64], acc
