# Split-K GEMM, stage 1: P[z] = A[:, z-th K chunk] @ B[z-th K chunk, :] for SPLIT chunks,
# one chunk per grid z-index; proofs/splitk_reduce.dsl sums the partials (the declared
# reduction). Optimizations: split-K for more blocks when M x N is small; shared-memory
# tiling inside each chunk.
kernel gemm_splitk(A: f32[M, K], B: f32[K, N], P: f32[4, M, N]):
    assume M % 32 == 0 and N % 32 == 0 and K % 64 == 0 and K >= 64
    const BM, BN, BK, SPLIT = 32, 32, 16, 4
    grid (M / BM, N / BN, SPLIT)
    threads 256
    tag A[i, k] = (row=i, k=k)
    tag B[k, j] = (k=k, col=j)
    tag P[z, i, j] = (row=i, col=j)
    sA = shared f32[BM, BK]
    sB = shared f32[BK, BN]
    acc = zeros f32[BM, BN]
    for kt in range(K / SPLIT / BK - 1):
        copy sA[0 : +BM, 0 : +BK], A[block.x * BM : +BM, block.z * (K / SPLIT) + kt * BK : +BK]
        copy sB[0 : +BK, 0 : +BN], B[block.z * (K / SPLIT) + kt * BK : +BK, block.y * BN : +BN]
        barrier
        a = load sA[0 : +BM, 0 : +BK]
        b = load sB[0 : +BK, 0 : +BN]
        assert tag(a[i, kk]).k == tag(b[kk, j]).k
        acc = mma(a, b, acc)
        barrier
    assert tag(acc[i, j]).k == range(block.z * (K / SPLIT), (block.z + 1) * (K / SPLIT))  #! error[TAG]
    store P[block.z, block.x * BM : +BM, block.y * BN : +BN], acc  #! error[TAG]
