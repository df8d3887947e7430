# Linear layer: C = relu(A @ W + bias), f16 in, f32 out, tensor cores, any M and N (masked),
# K a multiple of 32.
kernel r27_ok_gemm_bias_relu_tail(A: f16[M, K], W: f16[K, N], Bias: f32[N], C: f32[M, N]):
    assume M >= 1 and N >= 1 and K % 32 == 0 and K >= 32
    const BM, BN, BK = 64, 64, 32
    grid ((M + BM - 1) / BM, (N + BN - 1) / BN)
    threads 128
    tag A[i, k] = (row=i, k=k)
    tag W[k, j] = (k=k, col=j)
    tag Bias[j] = (bcol=j)
    tag C[i, j] = (row=i, col=j, bcol=j, k=range(0, K))
    sA = shared f16[BM, BK]
    sW = shared f16[BK, BN]
    acc = zeros f32[BM, BN] layout mma_m16n8k16(warps=(2, 2))
    for kt in range(K / BK):
        copy sA[0 : +BM, 0 : +BK], A[block.x * BM : +BM, kt * BK : +BK] masked(fill=0.0)
        copy sW[0 : +BK, 0 : +BN], W[kt * BK : +BK, block.y * BN : +BN] masked(fill=0.0)
        barrier
        a = load sA[0 : +BM, 0 : +BK]
        w = load sW[0 : +BK, 0 : +BN]
        assert tag(a[i, kk]).k == tag(w[kk, j]).k
        acc = mma(a, w, acc)
        barrier
    b = load Bias[block.y * BN : +BN] masked(fill=0.0)
    y = maximum(acc + bcast(b, axis=0, n=BM), 0.0)
    store C[block.x * BM : +BM, block.y * BN : +BN], y masked
