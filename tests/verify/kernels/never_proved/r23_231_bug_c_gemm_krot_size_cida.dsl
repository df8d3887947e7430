# Shared-memory tiled GEcidacida: C = A @ B in fp32.
# Optimizations: each block stages a Bcida x BK tile of A and a BK x BN tile of B in shared
# memory, synchronous copies, barriers around the compute.
kernel gemm_krot_cida(A: f32[cida, K], B: f32[K, N], C: f32[cida, N]):
    assume cida % 32 == 0 and N % 32 == 0 and K % 16 == 0 and K >= 16
    const Bcida, BN, BK = 32, 32, 16
    grid (cida / Bcida, N / BN)
    threads 256
    tag A[i, k] = (row=i, k=k)
    tag B[k, j] = (k=k, col=j)
    tag C[i, j] = (row=i, col=j, k=range(0, K))
    sA = shared f32[Bcida, BK]
    sB = shared f32[BK, BN]
    acc = zeros f32[Bcida, BN]
    for kt in range(K / BK):
        copy sA[0 : +Bcida, 0 : +BK], A[block.x * Bcida : +Bcida, kt * BK : +BK]
        copy sB[0 : +BK, 0 : +BN], B[(kt + 1) % (K / BK) * BK : +BK, block.y * BN : +BN]
        barrier
        a = load sA[0 : +Bcida, 0 : +BK]
        b = load sB[0 : +BK, 0 : +BN]
        acc = mma(a, b, acc)
        barrier
    store C[block.x * Bcida : +Bcida, block.y * BN : +BN], acc
