# i32 GEMM over the whole i32 range: products and sums wrap in i32 (C = A @ B mod 2^32). The
# interpreter sums in int64 and wraps at the store; the lowering must give the same bits.
kernel gemm_i32_wrap(A: i32[M, K], B: i32[K, N], C: i32[M, N]):
    assume M % 16 == 0 and N % 16 == 0 and K % 8 == 0
    grid (M / 16, N / 16)
    threads 64
    tag A[i, k] = (row=i, k=k)
    tag B[k, j] = (k=k, col=j)
    tag C[i, j] = (row=i, col=j, k=range(0, K))
    acc = zeros i32[16, 16]
    for kt in range(K / 8):
        a = load A[block.x * 16 : +16, kt * 8 : +8]
        b = load B[kt * 8 : +8, block.y * 16 : +16]
        acc = mma(a, b, acc)
    store C[block.x * 16 : +16, block.y * 16 : +16], acc
