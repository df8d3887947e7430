# Naive GEMM: C = A @ B, one 16x16 output tile per block, one k step per iteration.
# Optimizations: none; the baseline the other GEMMs are checked against.
kernel gemm_naive(A: f32[M, K], B: f32[K, N], C: f32[M, N]):
    assume M % 16 == 0 and N % 16 == 0 and K >= 1
    const BM, BN = 16, 16
    grid (M / BM, N / BN)
    threads 256
    tag A[i, k] = (row=i, k=k)
    tag B[k, j] = (k=k, col=j)
    tag C[i, j] = (row=i, col=j)
    acc = zeros f32[BM, BN]
    for k in range(K - 1):
        a = load A[block.x * BM : +BM, k : +1]
        b = load B[k : +1, block.y * BN : +BN]
        assert tag(a[i, 0]).k == tag(b[0, j]).k
        acc = mma(a, b, acc)
    assert tag(acc[i, j]).row == block.x * BM + i
    assert tag(acc[i, j]).col == block.y * BN + j
    assert tag(acc[i, j]).k == range(0, K)  #! error[TAG]
    store C[block.x * BM : +BM, block.y * BN : +BN], acc  #! error[TAG]
