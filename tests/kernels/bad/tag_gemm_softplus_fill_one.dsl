# Buggy sibling of tests/verify/kernels/r40_ok_gemm_softplus_epilogue.dsl: both copies fill
# with 1.0; through sA and sB the k tails' padding reaches the mma, and 1.0 * 1.0 adds to C.
kernel gemm_res_softplus(A: f16[M, K], B: f16[K, N], Res: f32[M, N], C: f32[M, N]):
    assume M >= 1 and N >= 1 and K >= 1
    const BM, BN, BK = 32, 32, 16
    grid ((M + BM - 1) / BM, (N + BN - 1) / BN)
    threads 128
    tag A[i, k] = (row=i, k=k)
    tag B[k, j] = (k=k, col=j)
    tag Res[i, j] = (row=i, col=j, res=1)
    tag C[i, j] = (row=i, col=j, k=range(0, K), res=1)
    sA = shared f16[BM, BK]
    sB = shared f16[BK, BN]
    acc = zeros f32[BM, BN] layout mma_m16n8k16(warps=(2, 2))
    for kt in range((K + BK - 1) / BK):
        copy sA[0 : +BM, 0 : +BK], A[block.x * BM : +BM, kt * BK : +BK] masked(fill=1.0)
        copy sB[0 : +BK, 0 : +BN], B[kt * BK : +BK, block.y * BN : +BN] masked(fill=1.0)
        barrier
        a = load sA[0 : +BM, 0 : +BK]
        b = load sB[0 : +BK, 0 : +BN]
        acc = mma(a, b, acc)  #! error[TAG]
        barrier
    r = load Res[block.x * BM : +BM, block.y * BN : +BN] masked(fill=0.0) layout mma_m16n8k16(warps=(2, 2))
    c = log(1.0 + exp(acc)) + r
    store C[block.x * BM : +BM, block.y * BN : +BN], c masked
