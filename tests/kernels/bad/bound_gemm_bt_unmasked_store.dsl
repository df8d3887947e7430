# proofs/gemm_bt.dsl storing the last tiles unmasked: for M or N not a multiple of 32 the
# store writes past C.
kernel gemm_bt(A: f16[M, K], B: f16[N, K], C: f32[M, N]):
    assume M >= 1 and N >= 1 and K >= 1
    const BM, BN, BK = 32, 32, 16
    grid ((M + BM - 1) / BM, (N + BN - 1) / BN)
    threads 128
    tag A[i, k] = (row=i, k=k)
    tag B[j, k] = (k=k, col=j)
    tag C[i, j] = (row=i, col=j, k=range(0, K))
    sA = shared f16[BM, BK]
    sB = shared f16[BN, BK]
    acc = zeros f32[BM, BN]
    for kt in range((K + BK - 1) / BK):
        copy sA[0 : +BM, 0 : +BK], A[block.x * BM : +BM, kt * BK : +BK] masked(fill=0.0)
        copy sB[0 : +BN, 0 : +BK], B[block.y * BN : +BN, kt * BK : +BK] masked(fill=0.0)
        barrier
        a = load sA[0 : +BM, 0 : +BK]
        b = load sB[0 : +BN, 0 : +BK] transposed layout ((16, 8), 4):((32, 1), 8)
        assert tag(a[i, kk]).k == tag(b[kk, j]).k
        acc = mma(a, b, acc)
        barrier
    store C[block.x * BM : +BM, block.y * BN : +BN], acc  #! error[BOUND] error[TAG]
