# A constant below the least 64-bit integer, -2**63 - 1 (-2**63 itself is allowed).
kernel k(A: i64[M], C: i64[M]):
    const LO, BAD = -9223372036854775807 - 1, -9223372036854775807 - 2  #! error[E032]
    grid (M / 32)
    threads 32
    a = load A[block.x * 32 : +32]
    c = a + LO
    store C[block.x * 32 : +32], c
