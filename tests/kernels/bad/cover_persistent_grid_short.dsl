# A grid-stride loop launched on G - 1 blocks while stepping by G: rows b = G - 1 (mod G) are never stored.
kernel persist_grid(X: f32[R, 32], Y: f32[R, 32]):
    const G = 4
    assume R >= 8
    grid (G - 1)
    threads 32
    tag X[r, c] = (row=r, col=c)
    tag Y[r, c] = (row=r, col=c)
    for it in range((R - block.x + G - 1) / G):
        x = load X[block.x + it * G : +1, 0 : +32]
        y = x * 2.0
        store Y[block.x + it * G : +1, 0 : +32], y  #! error[COVER]
