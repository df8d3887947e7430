# C = A @ B written into a column-padded buffer C[M, NP]: columns N .. NP-1 are zeros (the
# masked load of B pads them, and the mma keeps padding there), which the tag function's
# condition `if j < N` states (held-out round 12).
kernel gemm_padded_cols(A: f32[M, K], B: f32[K, N], C: f32[M, NP]):
    assume M % 32 == 0 and K % 16 == 0 and K >= 16 and NP % 32 == 0 and N <= NP
    const BM, BN, BK = 32, 32, 16
    grid (M / BM, NP / BN)
    threads 128
    tag A[i, k] = (row=i, k=k)
    tag B[k, j] = (k=k, col=j)
    tag C[i, j] = (row=i, col=j, k=range(0, K)) if j < N
    acc = zeros f32[BM, BN]
    for kt in range(K / BK):
        a = load A[block.x * BM : +BM, kt * BK : +BK]
        b = load B[kt * BK : +BK, block.y * BN : +BN] masked(fill=0.0)
        acc = mma(a, b, acc)
    store C[block.x * BM : +BM, block.y * BN : +BN], acc
