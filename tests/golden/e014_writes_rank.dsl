# A `writes` declaration names one index per dimension of its tensor.
kernel w(A: f32[M], C: f32[M, N]):
    grid (M / 32)
    threads 32
    writes C[i] if i < M  #! error[E014]
    a = load A[block.x * 32 : +32]
    store C[block.x * 32 : +32, 0], a
