# Blocks past the end of A see only padding (0.0) in a, so y = a + x is x there, with x's
# records; x is the last in-range block of X, not the block's own, so Y's tag function fails
# at those blocks. (Padding carried no record once: Y's tag function bound y vacuously there,
# a false "proved"; later it was unknown. Padding that meets data is the empty record now.)
kernel padplus(A: f32[N], X: f32[M], Y: f32[M]):
    assume M == 2 * N and N % 32 == 0
    grid (M / 32)
    threads 32
    tag A[i] = (i=i)
    tag X[i] = (i=i)
    tag Y[i] = (i=i)
    a = load A[block.x * 32 : +32] masked(fill=0.0)
    x = load X[min(block.x, N / 32 - 1) * 32 : +32]
    y = a + x
    store Y[block.x * 32 : +32], y  #! error[TAG]
