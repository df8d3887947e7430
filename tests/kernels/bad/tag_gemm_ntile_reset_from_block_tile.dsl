# The column-tile loop with the per-tile reset under `if nt >= block.x`: block 2 skips the
# reset at column tile 1, which then keeps column tile 0 (needs M >= 3 and N >= 2 tiles).
kernel gemm_ntile_reset_from_block_tile(A: f32[M, K], B: f32[K, N], C: f32[M, N]):
    assume M % 16 == 0 and N % 16 == 0 and K % 16 == 0 and K >= 16 and N >= 16
    grid (M / 16)
    threads 64
    tag A[i, k] = (row=i, k=k)
    tag B[k, j] = (k=k, col=j)
    tag C[i, j] = (row=i, col=j, k=range(0, K))
    acc = zeros f32[16, 16]
    for nt in range(N / 16):
        if nt >= block.x:
            acc = zeros f32[16, 16]
        for kt in range(K / 16):
            a = load A[block.x * 16 : +16, kt * 16 : +16]
            b = load B[kt * 16 : +16, nt * 16 : +16]
            acc = mma(a, b, acc)
        store C[block.x * 16 : +16, nt * 16 : +16], acc  #! error[TAG]
