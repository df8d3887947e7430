# A masked GEMM whose k loop stops one tile early: the last k tile never reaches the
# accumulator. The claim fails inside the matrices too, so the hint is about the loop, not
# about padding.
kernel gemm_tail(A: f32[M, K], B: f32[K, N], C: f32[M, N]):
    assume K % 16 == 0 and K >= 16
    grid ((M + 31) / 32, (N + 31) / 32)
    threads 128
    tag A[i, k] = (row=i, k=k)
    tag B[k, j] = (k=k, col=j)
    tag C[i, j] = (row=i, col=j, k=range(0, K))
    acc = zeros f32[32, 32]
    for kt in range(K / 16 - 1):
        a = load A[block.x * 32 : +32, kt * 16 : +16] masked(fill=0.0)
        b = load B[kt * 16 : +16, block.y * 32 : +32] masked(fill=0.0)
        acc = mma(a, b, acc)
    store C[block.x * 32 : +32, block.y * 32 : +32], acc masked  #! error[TAG]
