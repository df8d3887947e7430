# A grid-stride loop stepping by G - 1 on G blocks: row 3 is stored by block 0 and by block 3.
kernel persist_stride(X: f32[R, 32], Y: f32[R, 32]):
    const G = 4
    grid (G)
    threads 32
    tag X[r, c] = (row=r, col=c)
    tag Y[r, c] = (row=r, col=c)
    for it in range((R - block.x + G - 1) / G):
        x = load X[block.x + it * G : +1, 0 : +32]
        y = x * 2.0
        store Y[block.x + it * (G - 1) : +1, 0 : +32], y  #! error[COVER] error[TAG]
