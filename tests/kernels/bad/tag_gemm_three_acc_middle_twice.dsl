# Buggy sibling of tests/verify/kernels/gemm_three_accumulators.dsl: acc2 reads the middle
# third again (kt * 48 + 16), so k = 32..47 of each tile reach none of the three (covers
# names one; the middle third counted twice is allowed by covers).
kernel gemm_three_acc_middle_twice(A: f32[M, K], B: f32[K, N], C: f32[M, N]):
    assume M % 16 == 0 and N % 16 == 0 and K % 48 == 0 and K >= 48
    grid (M / 16, N / 16)
    threads 64
    tag A[i, k] = (row=i, k=k)
    tag B[k, j] = (k=k, col=j)
    tag C[i, j] = (row=i, col=j)
    acc0 = zeros f32[16, 16]
    acc1 = zeros f32[16, 16]
    acc2 = zeros f32[16, 16]
    for kt in range(K / 48):
        a0 = load A[block.x * 16 : +16, kt * 48 : +16]
        b0 = load B[kt * 48 : +16, block.y * 16 : +16]
        acc0 = mma(a0, b0, acc0)
        a1 = load A[block.x * 16 : +16, kt * 48 + 16 : +16]
        b1 = load B[kt * 48 + 16 : +16, block.y * 16 : +16]
        acc1 = mma(a1, b1, acc1)
        a2 = load A[block.x * 16 : +16, kt * 48 + 16 : +16]
        b2 = load B[kt * 48 + 16 : +16, block.y * 16 : +16]
        acc2 = mma(a2, b2, acc2)
    c = acc0 + acc1 + acc2
    assert covers(tag(c[i, j]).k, 0, K)  #! error[TAG]
    store C[block.x * 16 : +16, block.y * 16 : +16], c
