# threads 10**31 written out: larger than any integer the tools take.
kernel copy(A: f32[M], B: f32[M]):
    assume M % 32 == 0 and M >= 32
    grid (M / 32)
    threads 10000000000000000000000000000000  #! error[E032]
    a = load A[block.x * 32 : +32]
    store B[block.x * 32 : +32], a
