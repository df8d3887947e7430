kernel loopvar_t_init2(X: f32[R, 32], Y: f32[R, 32]):
    assume R % 32 == 0
    grid (R / 32)
    threads 256
    tag X[r, c] = (row=r, col=c)
    s = shared f32[64, 32]
    copy s[0 : +32, 0 : +32], X[block.x * 32 : +32, 0 : +32]
    barrier
    acc = zeros f32[8, 32]
    for t in range(4):
        y = load s[t * 10 : +8, 0 : +32]
        acc = acc + y
    store Y[block.x * 32 : +8, 0 : +32], acc
    store Y[block.x * 32 + 8 : +8, 0 : +32], acc
    store Y[block.x * 32 + 16 : +8, 0 : +32], acc
    store Y[block.x * 32 + 24 : +8, 0 : +32], acc
