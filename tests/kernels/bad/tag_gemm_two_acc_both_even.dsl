# Buggy sibling of tests/verify/kernels/gemm_two_accumulators.dsl: acc1 reads the same k tiles as
# acc0 (kt * 32, not kt * 32 + 16), so k = 16..31 of each tile reach neither: the claim on
# acc1's k fails, and covers over the sum names a missing k.
kernel gemm_two_acc_both_even(A: f32[M, K], B: f32[K, N], C: f32[M, N]):
    assume M % 16 == 0 and N % 16 == 0 and K % 32 == 0 and K >= 32
    grid (M / 16, N / 16)
    threads 64
    tag A[i, k] = (row=i, k=k)
    tag B[k, j] = (k=k, col=j)
    tag C[i, j] = (row=i, col=j)
    acc0 = zeros f32[16, 16]
    acc1 = zeros f32[16, 16]
    for kt in range(K / 32):
        a0 = load A[block.x * 16 : +16, kt * 32 : +16]
        b0 = load B[kt * 32 : +16, block.y * 16 : +16]
        assert tag(a0[i, kk]).k == tag(b0[kk, j]).k
        acc0 = mma(a0, b0, acc0)
        a1 = load A[block.x * 16 : +16, kt * 32 : +16]
        b1 = load B[kt * 32 : +16, block.y * 16 : +16]
        assert tag(a1[i, kk]).k == tag(b1[kk, j]).k
        acc1 = mma(a1, b1, acc1)
    assert tag(acc0[i, j]).k % 32 < 16 and tag(acc1[i, j]).k % 32 >= 16  #! error[TAG]
    c = acc0 + acc1
    assert covers(tag(c[i, j]).k, 0, K)  #! error[TAG]
    store C[block.x * 16 : +16, block.y * 16 : +16], c
