kernel ovf_bound(X: f32[R, 32], Y: f32[R, 32]):
    grid (R)
    threads 32
    tag X[r, c] = (row=r, col=c)
    x = load X[block.x + (block.x + 1) * 4611686018427387904 * 4 - (block.x + 1) * 4611686018427387904 * 4, 0 : +32]
    y = load X[max(block.x * 4611686018427387904 * 2, 0) / 4611686018427387904 / 2, 0 : +32]
    store Y[block.x, 0 : +32], y
