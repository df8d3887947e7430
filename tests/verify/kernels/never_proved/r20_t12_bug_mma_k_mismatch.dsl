# B tile uses k offset (kt+1)%KT: mma k mismatch
kernel t12(A: f16[M, K], B: f16[K, N], C: f32[M, N]):
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
        b = load B[((kt + 1) % (K / BK)) * BK : +BK, block.y * BN : +BN]
        acc = mma(a, b, acc)
    store C[block.x * BM : +BM, block.y * BN : +BN], acc
