# CUDA launches at most 65535 blocks in grid.y.
kernel copy(A: f32[M], B: f32[M]):
    assume M % 32 == 0 and M >= 32
    grid (M / 32, 100000)  #! error[E032]
    threads 32
    a = load A[block.x * 32 : +32]
    store B[block.x * 32 : +32], a
