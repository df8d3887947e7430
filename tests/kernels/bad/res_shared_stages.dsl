# An 8-stage pipeline of 128 x 64 fp16 tiles of A and B: 8 * 2 * 16 KB = 256 KB of
# shared memory, more than the 227 KB a block may use on sm_90.
kernel deep_pipeline(A: f16[M, K], B: f16[K, N], C: f32[M, N]):
    assume M % 128 == 0 and N % 128 == 0 and K % 64 == 0 and K >= 64
    const BM, BN, BK, S = 128, 128, 64, 8
    grid (M / BM, N / BN)
    threads 256
    tag A[i, k] = (row=i, k=k)
    tag B[k, j] = (k=k, col=j)
    sA = shared f16[S, BM, BK]  #! error[RES]
    sB = shared f16[S, BK, BN]
    acc = zeros f32[BM, BN] layout mma_m16n8k16(warps=(2, 4))
    for kt in range(K / BK):
        copy sA[kt % S], A[block.x * BM : +BM, kt * BK : +BK] layout copy(vec=8)
        copy sB[kt % S], B[kt * BK : +BK, block.y * BN : +BN] layout copy(vec=8)
        barrier
        a = load sA[kt % S]
        b = load sB[kt % S]
        acc = mma(a, b, acc)
        barrier
    store C[block.x * BM : +BM, block.y * BN : +BN], acc
