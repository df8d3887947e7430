# t24 with an in-place accumulation: Y[r] = sum_c X[r,c]*Z[r,(c+32)%64]
kernel t29(X: f32[R, 64], Z: f32[R, 64], Y: f32[R]):
    assume R % 4 == 0
    grid (R / 4)
    threads 128
    tag X[r, c] = (row=r, col=c)
    tag Z[r, c] = (row=r, col=c)
    tag Y[r] = (row=r, col=range(0, 64))
    acc = zeros f32[4]
    for h in range(2):
        x = load X[block.x * 4 : +4, h * 32 : +32]
        z = load Z[block.x * 4 : +4, ((h + 1) % 2) * 32 : +32]
        p = x * z
        acc = acc + sum(p, axis=1)
    store Y[block.x * 4 : +4], acc
