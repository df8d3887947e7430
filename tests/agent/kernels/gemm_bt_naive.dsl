# A naive GEMM with B transposed (C = A @ B^T), one k column per step: new-user round 33's
# optimize seed, whose staged candidates were all rejected (B^T's k staged along its column).
kernel gemm_bt(A: f16[M, K], B: f16[N, K], C: f32[M, N]):
    assume M % 16 == 0 and N % 16 == 0 and K >= 1
    const BM, BN = 16, 16
    grid (M / BM, N / BN)
    threads 256
    tag A[i, k] = (row=i, k=k)
    tag B[j, k] = (k=k, col=j)
    tag C[i, j] = (row=i, col=j)
    acc = zeros f32[BM, BN]
    for k in range(K):
        a = load A[block.x * BM : +BM, k : +1]
        b = load B[block.y * BN : +BN, k : +1] transposed
        assert tag(a[i, 0]).k == tag(b[0, j]).k
        acc = mma(a, b, acc)
    assert tag(acc[i, j]).row == block.x * BM + i and tag(acc[i, j]).col == block.y * BN + j
    assert tag(acc[i, j]).k == range(0, K)
    store C[block.x * BM : +BM, block.y * BN : +BN], acc
