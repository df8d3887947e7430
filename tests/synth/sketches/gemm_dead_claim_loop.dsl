# A sketch whose only k-alignment assertion sits in a loop of NT trips, NT a hole: NT = 0
# would leave the claim unreached (it checked nothing, and the sketch 'filled'); NT = 1 is
# refuted (A is read one column late). tests/synth/test_fill.py: no completion.
kernel gemm_naive(A: f32[M, K], B: f32[K, N], C: f32[M, N]):
    assume M % 16 == 0 and N % 16 == 0 and K >= 1
    const BM, BN = 16, 16
    const NT = ??{0, 1}
    grid (M / BM, N / BN)
    threads 256
    tag A[i, k] = (row=i, k=k)
    tag B[k, j] = (k=k, col=j)
    tag C[i, j] = (row=i, col=j)
    acc = zeros f32[BM, BN]
    for k in range(K):
        a = load A[block.x * BM : +BM, (k + 1) % K : +1]
        b = load B[k : +1, block.y * BN : +BN]
        for t in range(NT):
            assert tag(a[i, 0]).k == tag(b[0, j]).k
        acc = mma(a, b, acc)
    store C[block.x * BM : +BM, block.y * BN : +BN], acc
