# torch.tril written with a literal branch: where(i >= j, a, 0.0). The literal carries an
# empty record (no field), which is no input's data: above the diagonal C holds none, as the
# tag function's condition says (was refuted as a leak: held-out round 12).
kernel tril_where_literal(A: f32[M, M], C: f32[M, M]):
    assume M % 32 == 0
    grid (M / 32, M / 32)
    threads 128
    tag A[i, j] = (row=i, col=j)
    tag C[i, j] = (row=i, col=j) if i >= j
    a = load A[block.x * 32 : +32, block.y * 32 : +32]
    c = where(block.x * 32 + index(a, axis=0) >= block.y * 32 + index(a, axis=1), a, 0.0)
    store C[block.x * 32 : +32, block.y * 32 : +32], c
