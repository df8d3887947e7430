# 3-stage pipelined GEMM: C = A @ B with fp16 inputs and fp32 accumulation.
# Optimizations: shared-memory staging, cp.async multi-stage pipeline (S slots,
# commit/wait groups), swizzled A tile, warp-level m16n8k16 mma fragments.
kernel gemm_pipelined(A: f16[M, K], B: f16[K, N], C: f32[M, N]):
    assume M % 128 == 0 and N % 128 == 0 and K % 32 == 0 and K >= 32
    const BM, BN, BK, S = 128, 128, 32, 3
    grid (M / BM, N / BN)
    threads 256
    tag A[i, k] = (row=i, k=k)
    tag B[k, j] = (k=k, col=j)
    tag C[i, j] = (row=i, col=j)
    sA = shared f16[S, BM, BK] swizzle(2, 3, 3)
    sB = shared f16[S, BK, BN]
    acc = zeros f32[BM, BN] layout mma_m16n8k16(warps=(2, 4))
    for p in range(S - 1):
        if p < K / BK:
            copy_async sA[p], A[block.x * BM : +BM, p * BK : +BK] layout copy(vec=8)
            copy_async sB[p], B[p * BK : +BK, block.y * BN : +BN] layout copy(vec=8)
        commit
    for kt in range(K / BK - 1):
        wait_group S - 2
        barrier
        a = load sA[kt % S]
        b = load sB[kt % S]
        assert tag(a[i, kk]).k == tag(b[kk, j]).k
        acc = mma(a, b, acc)
        barrier
        if kt + S - 1 < K / BK:
            copy_async sA[(kt + S - 1) % S], A[block.x * BM : +BM, (kt + S - 1) * BK : +BK] layout copy(vec=8)
            copy_async sB[(kt + S - 1) % S], B[(kt + S - 1) * BK : +BK, block.y * BN : +BN] layout copy(vec=8)
        commit
    assert tag(acc[i, j]).row == block.x * BM + i and tag(acc[i, j]).col == block.y * BN + j
    assert tag(acc[i, j]).k == range(0, K)  #! error[TAG]
    store C[block.x * BM : +BM, block.y * BN : +BN], acc  #! error[TAG]
