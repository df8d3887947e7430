# Tiled transpose: Y = X^T, one 32 x 32 tile per block, with a swizzled shared tile.
# Optimizations: the tile is staged in shared memory so that both the global reads
# (rows of X) and the global writes (rows of Y) are coalesced; the shared tile is
# swizzled (column c of row r lives at r * 32 + (c xor r)), so both the column writes and
# the row reads hit 32 different banks without padding.
kernel transpose_swizzled(X: f32[M, N], Y: f32[N, M]):
    assume M % 32 == 0 and N % 32 == 0
    const T = 32
    grid (N / T, M / T)
    threads 256
    tag X[i, j] = (row=i, col=j)
    tag Y[j, i] = (row=i, col=j)
    s = shared f32[T, T] swizzle(5, 0, 5)
    for i in range(T):
        copy s[0 : +T, i], X[block.y * T + i, block.x * T : +T]
    barrier
    t = load s[0 : +T, 0 : +T]
    assert tag(t[j, i]).row == block.y * T + i and tag(t[j, i]).col == block.x * T + j
    store Y[block.x * T : +T, block.y * T : +T], t
