# Should be b01 (zeros on and above the diagonal) but the where's else-branch is the literal 1.0:
# ones are stored where C's tag condition says zeros.
kernel b02_bug_tril_where_one(A: f32[M, M], C: f32[M, M]):
    assume M % 32 == 0
    const T = 32
    grid (M / T, M / T)
    threads 128
    tag A[i, j] = (row=i, col=j)
    tag C[i, j] = (row=i, col=j) if i > j
    a = load A[block.x * T : +T, block.y * T : +T]
    c = where(block.x * T + index(a, axis=0) > block.y * T + index(a, axis=1), a * 2.0, 1.0)
    store C[block.x * T : +T, block.y * T : +T], c
