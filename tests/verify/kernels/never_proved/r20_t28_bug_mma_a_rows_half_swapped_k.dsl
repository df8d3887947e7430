# A k-halves swapped inside each tile via two loads: a[:, 0:16] from k+16
kernel t28(A: f32[M, 64], B: f32[64, N], C: f32[M, N]):
    assume M % 4 == 0 and N % 4 == 0
    grid (M / 4, N / 4)
    threads 32
    tag A[i, k] = (row=i, k=k)
    tag B[k, j] = (k=k, col=j)
    tag C[i, j] = (row=i, col=j, k=range(0, 64))
    a = load A[block.x * 4 : +4, 0 : +64]
    b0 = load B[0 : +32, block.y * 4 : +4]
    b1 = load B[32 : +32, block.y * 4 : +4]
    a0 = load A[block.x * 4 : +4, 0 : +32]
    a1 = load A[block.x * 4 : +4, 32 : +32]
    z = zeros f32[4, 4]
    c0 = mma(a0, b1, z)
    c = mma(a1, b0, c0)
    store C[block.x * 4 : +4, block.y * 4 : +4], c
