# Sizes are at least 1, so no M satisfies the assumption: every proof would be vacuous.
kernel copy(A: f32[M], B: f32[M]):
    assume M % 32 == 0 and M < 0  #! error[E031]
    grid (M / 32)
    threads 32
    a = load A[block.x * 32 : +32]
    store B[block.x * 32 : +32], a
