kernel z02_zero_intdiv_scalar_i32(A: i32[M, M], C: i32[M, M]):
    assume M % 32 == 0
    grid (M / 32, M / 32)
    threads 128
    tag A[i, j] = (row=i, col=j)
    tag C[i, j] = (row=i, col=j) if i >= j
    a = load A[block.x * 32 : +32, block.y * 32 : +32]
    z = zeros i32[32, 32]
    w = z + (3 / 2 * 2 - 3)
    c = where(block.x * 32 + index(a, axis=0) >= block.y * 32 + index(a, axis=1), a, w)
    store C[block.x * 32 : +32, block.y * 32 : +32], c
