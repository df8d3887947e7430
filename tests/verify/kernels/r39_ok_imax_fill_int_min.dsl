# row max of an i32 matrix, any C; the column tail padded with -128, above data down to -2^31
kernel rmax(X: i32[R, C], Y: i32[R]):
    assume R % 8 == 0 and C >= 1 and C <= 64
    grid R / 8
    threads 64
    tag X[r, c] = (row=r, col=c)
    tag Y[r] = (row=r)
    x = load X[block.x * 8 : +8, 0 : +64] masked(fill=-2147483648)
    y = max(x, axis=1)
    store Y[block.x * 8 : +8], y
