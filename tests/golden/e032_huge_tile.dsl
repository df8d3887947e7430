# A register tile of 10**9 elements: far beyond a block, refused before any enumeration.
kernel copy(A: f32[M], B: f32[M]):
    assume M % 32 == 0 and M >= 32
    grid (M / 32)
    threads 32
    z = zeros f32[1000, 1000, 1000]  #! error[E032]
    a = load A[block.x * 32 : +32]
    store B[block.x * 32 : +32], a
