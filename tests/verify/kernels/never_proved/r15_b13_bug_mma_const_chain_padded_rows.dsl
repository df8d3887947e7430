# C[i, j] = (A @ B)[i, j] for i < M, 0.0 for the padded rows M <= i < T (tag condition). The user
# marks the padded rows with a sentinel: c0 = mma(u, ones) with u = ones on the rows >= M (mask,
# fill 0.0 elsewhere), i.e. 32.0 there, and accumulates A @ B on top. A's rows past M are masked
# (fill 0.0), so those rows keep 32.0, stored where C holds zeros.
kernel b13_bug_mma_const_chain_padded_rows(A: f16[M, 32], B: f16[32, 32], C: f32[T, 32]):
    assume T % 32 == 0 and M >= 1 and M <= T
    grid (T / 32)
    threads 128
    tag A[i, k] = (row=i, k=k)
    tag B[k, j] = (k=k, col=j)
    tag C[i, j] = (row=i, col=j) if i < M
    z = zeros f32[32, 32]
    zh = zeros f16[32, 32]
    oh = zh + 1.0
    u = mask(oh, block.x * 32 + index(oh, axis=0) >= M, fill=0.0)
    c0 = mma(u, oh, z)
    a = load A[block.x * 32 : +32, 0 : +32] masked(fill=0.0)
    b = load B[0 : +32, 0 : +32]
    acc = mma(a, b, c0)
    store C[block.x * 32 : +32, 0 : +32], acc
