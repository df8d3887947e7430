# A `writes` declaration's condition names elements, not the block that writes them.
kernel w(A: f32[M], C: f32[M]):
    grid (M / 32)
    threads 32
    writes C[i] if i < block.x * 32  #! error[E023]
    a = load A[block.x * 32 : +32]
    store C[block.x * 32 : +32], a
