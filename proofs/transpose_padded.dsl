# Tiled transpose: Y = X^T, one 32 x 32 tile per block.
# Optimizations: the tile is staged in shared memory so that both the global reads
# (rows of X) and the global writes (rows of Y) are coalesced; the shared tile's rows are
# padded to 33 floats, so the column writes into it hit 32 different banks.
kernel transpose_padded(X: f32[M, N], Y: f32[N, M]):
    assume M % 32 == 0 and N % 32 == 0
    const T = 32
    grid (N / T, M / T)
    threads 256
    tag X[i, j] = (row=i, col=j)
    tag Y[j, i] = (row=i, col=j)
    s = shared f32[T, T] layout (T, T):(T + 1, 1)
    for i in range(T):
        copy s[0 : +T, i], X[block.y * T + i, block.x * T : +T]
    barrier
    t = load s[0 : +T, 0 : +T]
    assert tag(t[j, i]).row == block.y * T + i and tag(t[j, i]).col == block.x * T + j
    store Y[block.x * T : +T, block.y * T : +T], t
