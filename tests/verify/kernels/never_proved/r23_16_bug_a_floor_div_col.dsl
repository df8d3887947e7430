kernel floor_div_col(X: f32[R, 64], Y: f32[R, 32]):
    assume R % 32 == 0
    grid (R / 32)
    threads 128
    tag X[r, c] = (row=r, col=c)
    acc = zeros f32[32, 32]
    for t in range(-3, 4):
        x = load X[block.x * 32 : +32, (t / 2 + 2) * 16 : +32]
        acc = acc + x
    store Y[block.x * 32 : +32, 0 : +32], acc
