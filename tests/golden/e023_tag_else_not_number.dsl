# A tag function's `else` value is one number for every element where its condition fails.
kernel t(A: f32[M], C: f32[M]):
    grid (M / 32)
    threads 32
    tag C[i] = (i=i) if i < 3 else M  #! error[E023]
    a = load A[block.x * 32 : +32]
    store C[block.x * 32 : +32], a
