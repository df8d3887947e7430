# A tag function's condition must be a comparison, not an integer.
kernel t(A: f32[M], C: f32[M]):
    grid (M / 32)
    threads 32
    tag C[i] = (i=i) if i + 1  #! error[E023]
    a = load A[block.x * 32 : +32]
    store C[block.x * 32 : +32], a
