# b01 with the else-branch a constant tile zeros + 0.5 (meant zeros): 0.5 stored above the diagonal.
kernel b03_bug_tril_where_const_tile(A: f32[M, M], C: f32[M, M]):
    assume M % 32 == 0
    const T = 32
    grid (M / T, M / T)
    threads 128
    tag A[i, j] = (row=i, col=j)
    tag C[i, j] = (row=i, col=j) if i > j
    a = load A[block.x * T : +T, block.y * T : +T]
    z = zeros f32[T, T]
    h = z + 0.5
    c = where(block.x * T + index(a, axis=0) > block.y * T + index(a, axis=1), a * 2.0, h)
    store C[block.x * T : +T, block.y * T : +T], c
