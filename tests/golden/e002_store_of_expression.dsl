# A store's value must be a named tile; an expression there is a syntax error whose hint
# says how to name it.
kernel vadd(A: f32[N], B: f32[N], C: f32[N]):
    assume N % 256 == 0
    grid (N / 256)
    threads 256
    a = load A[block.x * 256 : +256]
    b = load B[block.x * 256 : +256]
    store C[block.x * 256 : +256], a + b  #! error[E002]
