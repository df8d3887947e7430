# proofs/transpose_swizzled.dsl with the staged row and the tile stride open: which
# element of X each copy reads, and how far apart the blocks' tiles of Y start.
kernel transpose_swizzled(X: f32[M, N], Y: f32[N, M]):
    assume M % 32 == 0 and N % 32 == 0
    const T = 32
    grid (N / T, M / T)
    threads 256
    tag X[i, j] = (row=i, col=j)
    tag Y[j, i] = (row=i, col=j)
    s = shared f32[T, T] swizzle(5, 0, 5)
    for i in range(T):
        copy s[0 : +T, i], X[block.y * T + ??{1, 0} + i, block.x * T : +T]
    barrier
    t = load s[0 : +T, 0 : +T]
    assert tag(t[j, i]).row == block.y * T + i and tag(t[j, i]).col == block.x * T + j
    store Y[block.x * ??{16, 64, 32} : +T, block.y * T : +T], t
