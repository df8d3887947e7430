# A `writes` declaration for a tensor the kernel never stores into.
kernel w(A: f32[M], C: f32[M], D: f32[M]):
    grid (M / 32)
    threads 32
    writes D[i] if i < M  #! error[E023]
    a = load A[block.x * 32 : +32]
    store C[block.x * 32 : +32], a
