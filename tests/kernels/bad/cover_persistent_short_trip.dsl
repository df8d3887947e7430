# A grid-stride loop one row short: (R - block.x + G - 2) / G misses the last row of a block's stride at R = 1.
kernel persist_short(X: f32[R, 32], Y: f32[R, 32]):
    const G = 4
    grid (G)
    threads 32
    tag X[r, c] = (row=r, col=c)
    tag Y[r, c] = (row=r, col=c)
    for it in range((R - block.x + G - 2) / G):
        x = load X[block.x + it * G : +1, 0 : +32]
        y = x * 2.0
        store Y[block.x + it * G : +1, 0 : +32], y  #! error[COVER]
