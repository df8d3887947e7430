kernel c01_namecollide(X: f32[R, 64], Y: f32[R, 64]):
    assume R % 2 == 0
    grid (R / 2)
    threads 64
    s = zeros f32[2, 64]
    for i in range(2):
        x = load X[block.x * 2 : +2, 0 : +64]
        s = s + x
    i = s * 2.0
    store Y[block.x * 2 : +2, 0 : +64], i
