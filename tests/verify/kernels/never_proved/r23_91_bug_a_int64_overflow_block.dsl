kernel ovf_block(X: f32[R, 32], Y: f32[R, 32]):
    grid (R)
    threads 32
    tag X[r, c] = (row=r, col=c)
    tag Y[b, c] = (row=(b * 4611686018427387904 * 4 + b) % R, col=c)
    x = load X[(block.x * 4611686018427387904 * 4 + block.x) % R, 0 : +32]
    store Y[block.x, 0 : +32], x
