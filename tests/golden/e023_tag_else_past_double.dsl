# An `else` value is compared as a double: 2^53 + 1 would be read as 2^53 (held-out round 70).
kernel t(A: i64[M], C: i64[M]):
    grid (M / 32)
    threads 32
    tag C[i] = (i=i) if i < 3 else 9007199254740993  #! error[E023]
    a = load A[block.x * 32 : +32]
    store C[block.x * 32 : +32], a
