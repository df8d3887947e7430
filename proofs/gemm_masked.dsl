# GEMM for any M, N, K: C = A @ B, fp16 in, fp32 out.
# Optimizations: shared-memory tiles; the tails of M, N and K are masked: the copies fill
# the elements past the matrices with 0.0 (neutral for the mma) and the store writes only
# the part of the tile inside C, so the grid rounds up and `assume` asks nothing.
kernel gemm_masked(A: f16[M, K], B: f16[K, N], C: f32[M, N]):
    assume M >= 1 and N >= 1 and K >= 1
    const BM, BN, BK = 32, 32, 16
    grid ((M + BM - 1) / BM, (N + BN - 1) / BN)
    threads 128
    tag A[i, k] = (row=i, k=k)
    tag B[k, j] = (k=k, col=j)
    tag C[i, j] = (row=i, col=j, k=range(0, K))
    sA = shared f16[BM, BK]
    sB = shared f16[BK, BN]
    acc = zeros f32[BM, BN]
    for kt in range((K + BK - 1) / BK):
        copy_async sA[0 : +BM, 0 : +BK], A[block.x * BM : +BM, kt * BK : +BK] masked(fill=0.0)
        copy sB[0 : +BK, 0 : +BN], B[kt * BK : +BK, block.y * BN : +BN] masked(fill=0.0)
        commit
        wait_group 0
        barrier
        a = load sA[0 : +BM, 0 : +BK]
        b = load sB[0 : +BK, 0 : +BN]
        assert tag(a[i, kk]).k == tag(b[kk, j]).k
        acc = mma(a, b, acc)
        barrier
    store C[block.x * BM : +BM, block.y * BN : +BN], acc masked
