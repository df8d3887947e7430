kernel e03_scalar_div0(A: f32[M, N], C: f32[M, N]):
    assume M % 32 == 0 and N % 32 == 0
    grid (M / 32, N / 32)
    threads 128
    tag A[i, j] = (row=i, col=j)
    tag C[i, j] = (row=i, col=j)
    a = load A[block.x * 32 : +32, block.y * 32 : +32]
    c = a * (N / (N - 32) + 1)
    store C[block.x * 32 : +32, block.y * 32 : +32], c
