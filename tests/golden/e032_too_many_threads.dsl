# A block has at most 1024 threads on every target.
kernel copy(A: f32[M], B: f32[M]):
    assume M % 32 == 0 and M >= 32
    grid (M / 32)
    threads 4096  #! error[E032]
    a = load A[block.x * 32 : +32]
    store B[block.x * 32 : +32], a
