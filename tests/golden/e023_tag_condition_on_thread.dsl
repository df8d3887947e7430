# A tag function's condition is about the element: the thread that stores it is not part of it.
kernel t(A: f32[M], C: f32[M]):
    grid (M / 32)
    threads 32
    tag C[i] = (i=i) if thread.x < 3  #! error[E023]
    a = load A[block.x * 32 : +32]
    store C[block.x * 32 : +32], a
