# One `writes` declaration per tensor.
kernel w(A: f32[M], C: f32[M]):
    grid (M / 32)
    threads 32
    writes C[i] if i < M
    writes C[i] if i >= 0  #! error[E011]
    a = load A[block.x * 32 : +32]
    store C[block.x * 32 : +32], a
