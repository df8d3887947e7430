kernel divzero(X: f32[R, 32], Y: f32[R, 32]):
    assume R >= 1
    grid (R)
    threads 32
    tag X[r, c] = (row=r, col=c)
    tag Y[r, c] = (row=r, col=c)
    x = load X[max(min(block.x / (R / 64) * 0 + block.x, R - 1), 0), 0 : +32]
    store Y[block.x, 0 : +32], x
