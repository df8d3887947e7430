# Square matrix copy whose store uses block.x for both tile offsets: blocks (x, y) and
# (x, y2) write the same tile of Y, and the off-diagonal tiles are never written.
kernel tile_copy(X: f32[N, N], Y: f32[N, N]):
    assume N % 32 == 0
    const T = 32
    grid (N / T, N / T)
    threads 256
    tag X[i, j] = (row=i, col=j)
    x = load X[block.x * T : +T, block.y * T : +T]
    store Y[block.x * T : +T, block.x * T : +T], x  #! error[COVER]
