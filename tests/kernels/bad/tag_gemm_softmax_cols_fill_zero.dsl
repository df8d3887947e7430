# Buggy sibling of tests/verify/kernels/r42_ok_gemm_softmax.dsl: the columns past N are masked
# with 0.0, not -inf, so they weigh exp(0 - m) in each row's softmax.
kernel gemm_softmax(A: f16[M, K], B: f16[K, N], P: f32[M, N]):
    assume M >= 1 and N >= 1 and N <= 64 and K % 32 == 0 and K >= 32
    const BM, BN, BK = 64, 64, 32
    grid ((M + BM - 1) / BM)
    threads 128
    tag A[i, k] = (row=i, k=k)
    tag B[k, j] = (k=k, col=j)
    tag P[i, j] = (row=i)
    sA = shared f16[BM, BK]
    sB = shared f16[BK, BN]
    acc = zeros f32[BM, BN] layout mma_m16n8k16(warps=(2, 2))
    for kt in range(K / BK):
        copy sA[0 : +BM, 0 : +BK], A[block.x * BM : +BM, kt * BK : +BK] masked(fill=0.0)
        copy sB[0 : +BK, 0 : +BN], B[kt * BK : +BK, 0 : +BN] masked(fill=0.0)
        barrier
        a = load sA[0 : +BM, 0 : +BK]
        b = load sB[0 : +BK, 0 : +BN]
        assert tag(a[i, kk]).k == tag(b[kk, j]).k
        acc = mma(a, b, acc)
        barrier
    s = mask(acc, index(acc, axis=1) < N, fill=0.0)
    m = max(s, axis=1)  #! error[TAG]
    e = exp(s - bcast(m, axis=1, n=BN))
    l = sum(e, axis=1)
    p = e / bcast(l, axis=1, n=BN)
    store P[block.x * BM : +BM, 0 : +BN], p masked
