# Buggy sibling of tests/verify/kernels/gemm_padded_cols.dsl: C's tag function has no
# condition, so it claims k=range(0, K) also in the zero columns N .. NP-1, which hold
# padding (the hint names the condition; it said to add the field the claim already has).
kernel gemm_padded_cols_no_condition(A: f32[M, K], B: f32[K, N], C: f32[M, NP]):
    assume M % 32 == 0 and K % 16 == 0 and K >= 16 and NP % 32 == 0 and N <= NP
    const BM, BN, BK = 32, 32, 16
    grid (M / BM, NP / BN)
    threads 128
    tag A[i, k] = (row=i, k=k)
    tag B[k, j] = (k=k, col=j)
    tag C[i, j] = (row=i, col=j, k=range(0, K))
    acc = zeros f32[BM, BN]
    for kt in range(K / BK):
        a = load A[block.x * BM : +BM, kt * BK : +BK]
        b = load B[kt * BK : +BK, block.y * BN : +BN] masked(fill=0.0)
        acc = mma(a, b, acc)
    store C[block.x * BM : +BM, block.y * BN : +BN], acc  #! error[TAG]
