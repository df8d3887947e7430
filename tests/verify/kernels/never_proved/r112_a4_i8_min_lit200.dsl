# row min of where(x > 0, x, 200) on i8: the literal is an int64 operand past i8, padding 127
kernel a4_i8_min_lit200(X: i8[R, C], O: i8[R]):
    assume C <= 64
    grid (R)
    threads 32
    tag X[r, c] = (row=r, col=c)
    tag O[r] = (row=r)
    x = load X[block.x : +1, 0 : +64] masked(fill=127)
    m = min(where(x > 0, x, 200), axis=1)
    store O[block.x : +1], m
