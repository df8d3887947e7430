# Blocks past the end of A see only padding (0.0) in a, so y = a + x is x there, and x is
# the last in-range block of X, not the block's own: the padding carries no records, so the
# tag function of Y bound y vacuously (a false "proved"). Padding that meets data in a
# stored tile is unknown, never proved.
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
    store Y[block.x * 32 : +32], y
