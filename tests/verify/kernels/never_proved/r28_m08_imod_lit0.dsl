kernel m08_imod_lit0(X: i32[R, 32], Y: i32[R, 32]):
    assume R % 4 == 0
    grid (R / 4)
    threads 128
    tag X[r, c] = (row=r, col=c)
    tag Y[r, c] = (row=r, col=c)
    x = load X[block.x * 4 : +4, 0 : +32]
    y = x % 0
    store Y[block.x * 4 : +4, 0 : +32], y
