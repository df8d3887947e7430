# A `range` field that is empty says 0.0: an `else` value beside it would say something else.
kernel t(A: f32[M, 32], C: f32[M]):
    grid (M / 32)
    threads 32
    tag A[i, k] = (row=i, k=k)
    tag C[i] = (row=i, k=range(0, 32)) if i < 3 else -1.0  #! error[E023]
    a = load A[block.x * 32 : +32, 0 : +32]
    c = sum(a, axis=1)
    store C[block.x * 32 : +32], c
