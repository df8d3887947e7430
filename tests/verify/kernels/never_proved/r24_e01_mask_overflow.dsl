# tril via mask whose integer condition wraps in int64 (W = INT64_MAX added to both sides)
kernel e01_mask_overflow(A: f32[M, M], C: f32[M, M]):
    assume M % 32 == 0
    grid (M / 32, M / 32)
    threads 128
    tag A[i, j] = (row=i, col=j)
    tag C[i, j] = (row=i, col=j) if i >= j
    a = load A[block.x * 32 : +32, block.y * 32 : +32]
    c = mask(a, block.x * 32 + index(a, axis=0) + 9223372036854775807 >= block.y * 32 + index(a, axis=1) + 9223372036854775807, fill=0.0)
    store C[block.x * 32 : +32, block.y * 32 : +32], c
