# The column-tile loop of gemm_ntile_guarded_reset with the accumulator zeroed once before
# the loop and again after each store: the store of column tile nt sees the reset that ended
# tile nt - 1 (the one before the loop for nt = 0), so only tile nt's products reach it.
kernel gemm_ntile_reset_after_store(A: f32[M, K], B: f32[K, N], C: f32[M, N]):
    assume M % 16 == 0 and N % 16 == 0 and K % 16 == 0 and K >= 16 and N >= 16
    grid (M / 16)
    threads 64
    tag A[i, k] = (row=i, k=k)
    tag B[k, j] = (k=k, col=j)
    tag C[i, j] = (row=i, col=j, k=range(0, K))
    acc = zeros f32[16, 16]
    for nt in range(N / 16):
        for kt in range(K / 16):
            a = load A[block.x * 16 : +16, kt * 16 : +16]
            b = load B[kt * 16 : +16, nt * 16 : +16]
            acc = mma(a, b, acc)
        store C[block.x * 16 : +16, nt * 16 : +16], acc
        acc = zeros f32[16, 16]
