# A '[' left open: the error shows on the next line, the hint names the '['.
kernel gemm(A: f16[M, K], B: f16[K, N], C: f32[M, N]):
    assume M % 64 == 0 and N % 64 == 0 and K % 32 == 0
    const BM, BN, BK = 64, 64, 32
    grid (M / BM, N / BN)
    threads 128
    tag A[i, k] = (row=i, k=k)
    tag B[k, j] = (k=k, col=j)
    acc = zeros f32[BM, BN]
    for kt in range(K / BK):
        a = load A[block.x * BM : +BM, kt * BK : +BK
        b = load B[kt * BK : +BK, block.y * BN : +BN]  #! error[E002]
        assert tag(a[i, kk]).k == tag(b[kk, j]).k
        acc = mma(a, b, acc)
    store C[block.x * BM : +BM, block.y * BN : +BN], acc
