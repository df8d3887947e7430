# Buggy sibling of proofs/gemm_i8.dsl: the k loop stops before the partial last k tile.
kernel gemm_i8(A: i8[M, K], B: i8[K, N], C: i32[M, N]):
    assume M >= 1 and N >= 1 and K >= 1
    const BM, BN, BK = 32, 32, 16
    grid ((M + BM - 1) / BM, (N + BN - 1) / BN)
    threads 128
    tag A[i, k] = (row=i, k=k)
    tag B[k, j] = (k=k, col=j)
    tag C[i, j] = (row=i, col=j, k=range(0, K))
    sA = shared i8[BM, BK]
    sB = shared i8[BK, BN]
    acc = zeros i32[BM, BN]
    for kt in range(K / BK):
        copy sA[0 : +BM, 0 : +BK], A[block.x * BM : +BM, kt * BK : +BK] masked(fill=0)
        copy sB[0 : +BK, 0 : +BN], B[kt * BK : +BK, block.y * BN : +BN] masked(fill=0)
        barrier
        a = load sA[0 : +BM, 0 : +BK]
        b = load sB[0 : +BK, 0 : +BN]
        assert tag(a[i, kk]).k == tag(b[kk, j]).k
        acc = mma(a, b, acc)
        barrier
    store C[block.x * BM : +BM, block.y * BN : +BN], acc masked  #! error[TAG]
