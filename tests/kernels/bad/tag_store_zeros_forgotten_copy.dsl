# The block loads its tile of A but stores the zeros tile it meant to fill from it: every
# element of C holds no input's record. (Proved once: an element with no record satisfied
# each field of C's tag function vacuously, a false "proved".)
kernel forgot_copy(A: f32[M, N], C: f32[M, N]):
    assume M % 32 == 0 and N % 32 == 0
    grid (M / 32, N / 32)
    threads 128
    tag A[i, j] = (row=i, col=j)
    tag C[i, j] = (row=i, col=j)
    a = load A[block.x * 32 : +32, block.y * 32 : +32]
    z = zeros f32[32, 32]
    store C[block.x * 32 : +32, block.y * 32 : +32], z  #! error[TAG]
