# A shared tile of 2**20 elements.
kernel copy(A: f32[M], B: f32[M]):
    assume M % 32 == 0 and M >= 32
    grid (M / 32)
    threads 32
    s = shared f32[1024, 1024]  #! error[E032]
    a = load A[block.x * 32 : +32]
    store B[block.x * 32 : +32], a
