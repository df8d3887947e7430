kernel gemm_v(A: f32[M, K], B: f32[K, N], C: f32[M, N]):
    assume M % 32 == 0 and N % 32 == 0 and K % 16 == 0 and K >= 32
    const BM, BN, BK = 32, 32, 16
    grid (M / BM, N / BN)
    threads 256
    tag A[i, k] = (row=i, k=k)
    tag B[k, j] = (k=k, col=j)
    tag C[i, j] = (row=i, col=j)
    acc = zeros f32[BM, BN]
    for kt in range(K / BK):
        a = load A[block.x * BM : +BM, kt * BK : +BK]
        b = load B[(K / BK - 1 - kt) * BK : +BK, block.y * BN : +BN]
        assert kt < K / BK or tag(a[i, kk]).k == tag(b[kk, j]).k
        acc = mma(a, b, acc)
    store C[block.x * BM : +BM, block.y * BN : +BN], acc
