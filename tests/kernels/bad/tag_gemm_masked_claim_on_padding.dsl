# A masked GEMM that claims `k == range(0, K)` on every element of the accumulator tile:
# past the edges of A and B the tile holds padding, which carries no tags, so the claim is
# false there (the report says the element is padding and where to state the claim).
kernel gemm_tail(A: f32[M, K], B: f32[K, N], C: f32[M, N]):
    assume K % 16 == 0
    grid ((M + 31) / 32, (N + 31) / 32)
    threads 128
    tag A[i, k] = (row=i, k=k)
    tag B[k, j] = (k=k, col=j)
    tag C[i, j] = (row=i, col=j)
    acc = zeros f32[32, 32]
    for kt in range(K / 16):
        a = load A[block.x * 32 : +32, kt * 16 : +16] masked(fill=0.0)
        b = load B[kt * 16 : +16, block.y * 32 : +32] masked(fill=0.0)
        acc = mma(a, b, acc)
    assert tag(acc[i, j]).k == range(0, K)  #! error[TAG]
    store C[block.x * 32 : +32, block.y * 32 : +32], acc masked
