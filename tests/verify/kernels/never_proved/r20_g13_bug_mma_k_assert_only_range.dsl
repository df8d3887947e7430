# t12 with assert on acc k range (not the operand k match): still wrong
kernel g13(A: f16[M, K], B: f16[K, N], C: f32[M, N]):
    assume M % 64 == 0 and N % 64 == 0 and K % 32 == 0 and K >= 64
    const BM, BN, BK = 64, 64, 32
    grid (M / BM, N / BN)
    threads 128
    tag A[i, k] = (row=i, k=k)
    tag B[k, j] = (k=k, col=j)
    acc = zeros f32[BM, BN] layout mma_m16n8k16(warps=(2, 2))
    for kt in range(K / BK):
        a = load A[block.x * BM : +BM, kt * BK : +BK]
        b = load B[((kt + 1) % (K / BK)) * BK : +BK, block.y * BN : +BN]
        acc = mma(a, b, acc)
    assert tag(acc[i, j]).row == block.x * BM + i and tag(acc[i, j]).col == block.y * BN + j
    assert tag(acc[i, j]).k == range(0, K)
    store C[block.x * BM : +BM, block.y * BN : +BN], acc
