kernel e02_grid_div0(A: f32[M, N], C: f32[M, 1]):
    assume M % 32 == 0
    grid (M / 32 + M / (N - 1) * 0)
    threads 128
    a = load A[block.x * 32 : +32, 0 : +1]
    store C[block.x * 32 : +32, 0 : +1], a
