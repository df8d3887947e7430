# Buggy sibling of tests/verify/kernels/tril_where_literal.dsl: the condition keeps one
# column too many, so C[i, i + 1] holds A's element where C's tag function says zeros.
kernel tril_where_leak(A: f32[M, M], C: f32[M, M]):
    assume M % 32 == 0
    grid (M / 32, M / 32)
    threads 128
    tag A[i, j] = (row=i, col=j)
    tag C[i, j] = (row=i, col=j) if i >= j
    a = load A[block.x * 32 : +32, block.y * 32 : +32]
    c = where(block.x * 32 + index(a, axis=0) + 1 >= block.y * 32 + index(a, axis=1), a, 0.0)
    store C[block.x * 32 : +32, block.y * 32 : +32], c  #! error[TAG]
