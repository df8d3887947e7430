# B rows of each k tile loaded as two 16-row halves swapped (copy into shared)
kernel t31(A: f16[M, K], B: f16[K, N], C: f32[M, N]):
    assume M % 64 == 0 and N % 64 == 0 and K % 32 == 0
    const BM, BN, BK = 64, 64, 32
    grid (M / BM, N / BN)
    threads 128
    tag A[i, k] = (row=i, k=k)
    tag B[k, j] = (k=k, col=j)
    tag C[i, j] = (row=i, col=j, k=range(0, K))
    sB = shared f16[BK, BN]
    acc = zeros f32[BM, BN] layout mma_m16n8k16(warps=(2, 2))
    for kt in range(K / BK):
        copy sB[0 : +16, 0 : +BN], B[kt * BK + 16 : +16, block.y * BN : +BN]
        copy sB[16 : +16, 0 : +BN], B[kt * BK : +16, block.y * BN : +BN]
        barrier
        a = load A[block.x * BM : +BM, kt * BK : +BK]
        b = load sB[0 : +BK, 0 : +BN]
        acc = mma(a, b, acc)
        barrier
    store C[block.x * BM : +BM, block.y * BN : +BN], acc
