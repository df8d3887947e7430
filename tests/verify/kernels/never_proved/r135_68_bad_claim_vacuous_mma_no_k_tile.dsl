# A GEMM whose k loop runs from 1 while K == 32 (one k tile): no mma runs, C gets zeros
# (C has no tag function). The claims on acc, one of them false (row + 1), hold over no record.
kernel gemm(A: f16[M, K], B: f16[K, N], C: f32[M, N]):
    assume M % 64 == 0 and N % 64 == 0 and K == 32
    const BM, BN, BK = 64, 64, 32
    grid (M / BM, N / BN)
    threads 128
    tag A[i, k] = (row=i, k=k)
    tag B[k, j] = (k=k, col=j)
    acc = zeros f32[BM, BN] layout mma_m16n8k16(warps=(2, 2))
    for kt in range(1, K / BK):
        a = load A[block.x * BM : +BM, kt * BK : +BK]
        b = load B[kt * BK : +BK, block.y * BN : +BN]
        acc = mma(a, b, acc)
    assert tag(acc[i, j]).row == block.x * BM + i + 1 and tag(acc[i, j]).col == block.y * BN + j
    store C[block.x * BM : +BM, block.y * BN : +BN], acc
