kernel loopvar_v_bound(X: f32[R, 64], Y: f32[R, 8]):
    assume R % 32 == 0
    grid (R / 32)
    threads 128
    tag X[r, c] = (row=r, col=c)
    acc = zeros f32[32, 8]
    for v in range(16):
        x = load X[block.x * 32 : +32, v * 4 : +8]
        acc = acc + x
    store Y[block.x * 32 : +32, 0 : +8], acc
