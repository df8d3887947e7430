kernel z03_zero_intlit_f32round(A: f32[M, M], C: f32[M, M]):
    assume M % 32 == 0
    grid (M / 32, M / 32)
    threads 128
    tag A[i, j] = (row=i, col=j)
    tag C[i, j] = (row=i, col=j) if i >= j
    a = load A[block.x * 32 : +32, block.y * 32 : +32]
    z = zeros f32[32, 32]
    w = z + (16777217 - 16777216)
    c = where(block.x * 32 + index(a, axis=0) >= block.y * 32 + index(a, axis=1), a, w)
    store C[block.x * 32 : +32, block.y * 32 : +32], c
