# A persistent kernel: a fixed grid of G blocks walks the rows with a grid stride.
kernel persistent_rows(X: f32[R, 32], Y: f32[R, 32]):
    const G = 4
    grid (G)
    threads 32
    tag X[r, c] = (row=r, col=c)
    tag Y[r, c] = (row=r, col=c)
    for it in range((R - block.x + G - 1) / G):
        x = load X[block.x + it * G : +1, 0 : +32]
        y = x * 2.0
        store Y[block.x + it * G : +1, 0 : +32], y
