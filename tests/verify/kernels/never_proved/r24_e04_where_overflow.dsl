kernel e04_where_overflow(A: f32[M, M], C: f32[M, M]):
    assume M % 32 == 0
    grid (M / 32, M / 32)
    threads 128
    tag A[i, j] = (row=i, col=j)
    tag C[i, j] = (row=i, col=j) if i >= j
    a = load A[block.x * 32 : +32, block.y * 32 : +32]
    c = mask(a, (block.x * 32 + index(a, axis=0)) * 4611686018427387904 * 4 + index(a, axis=0) >= (block.y * 32 + index(a, axis=1)) * 4611686018427387904 * 4 + index(a, axis=1), fill=0.0)
    store C[block.x * 32 : +32, block.y * 32 : +32], c
