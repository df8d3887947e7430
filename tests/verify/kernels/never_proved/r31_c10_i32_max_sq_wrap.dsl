# expect bad
kernel c10_i32_max_sq_wrap(X: i32[R, C], Y: i32[R]):
    assume R % 4 == 0 and C >= 1 and C <= 64
    const BR, BC = 4, 64
    grid R / BR
    threads 256
    tag X[r, c] = (row=r, col=c)
    tag Y[r] = (row=r, col=range(0, C))
    x = load X[block.x * BR : +BR, 0 : +BC] masked(fill=0)
    a = max(x * x, axis=1)
    store Y[block.x * BR : +BR], a
