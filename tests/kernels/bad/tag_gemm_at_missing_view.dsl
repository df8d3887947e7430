# proofs/gemm_at.dsl with square 16 x 16 tiles of A and the `transposed` left out: the
# kernel type-checks, but a[i, kk] is A[k0 + i, i0 + kk], so the mma pairs the wrong k.
kernel gemm_at(A: f16[K, M], B: f16[K, N], C: f32[M, N]):
    assume M % 16 == 0 and N % 32 == 0 and K % 16 == 0 and K >= 16
    const BM, BN, BK = 16, 32, 16
    grid (M / BM, N / BN)
    threads 128
    tag A[k, i] = (row=i, k=k)
    tag B[k, j] = (k=k, col=j)
    tag C[i, j] = (row=i, col=j, k=range(0, K))
    sA = shared f16[BK, BM]
    sB = shared f16[BK, BN]
    acc = zeros f32[BM, BN]
    for kt in range(K / BK):
        copy sA[0 : +BK, 0 : +BM], A[kt * BK : +BK, block.x * BM : +BM]
        copy sB[0 : +BK, 0 : +BN], B[kt * BK : +BK, block.y * BN : +BN]
        barrier
        a = load sA[0 : +BK, 0 : +BM]
        b = load sB[0 : +BK, 0 : +BN]
        assert tag(a[i, kk]).row == block.x * BM + i and tag(a[i, kk]).k == kt * BK + kk  #! error[TAG]
        assert tag(a[i, kk]).k == tag(b[kk, j]).k  #! error[TAG]
        acc = mma(a, b, acc)
        barrier
    store C[block.x * BM : +BM, block.y * BN : +BN], acc  #! error[TAG]
