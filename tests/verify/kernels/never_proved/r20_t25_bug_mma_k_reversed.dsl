# B k tile reversed (KT-1-kt): C = A @ perm(B), wrong; each operand's k covers 0..K
kernel t25(A: f16[M, K], B: f16[K, N], C: f32[M, N]):
    assume M % 64 == 0 and N % 64 == 0 and K % 32 == 0 and K >= 64
    const BM, BN, BK = 64, 64, 32
    grid (M / BM, N / BN)
    threads 128
    tag A[i, k] = (row=i, k=k)
    tag B[k, j] = (k=k, col=j)
    tag C[i, j] = (row=i, col=j, k=range(0, K))
    acc = zeros f32[BM, BN] layout mma_m16n8k16(warps=(2, 2))
    for kt in range(K / BK):
        a = load A[block.x * BM : +BM, kt * BK : +BK]
        b = load B[(K / BK - 1 - kt) * BK : +BK, block.y * BN : +BN]
        acc = mma(a, b, acc)
    store C[block.x * BM : +BM, block.y * BN : +BN], acc
