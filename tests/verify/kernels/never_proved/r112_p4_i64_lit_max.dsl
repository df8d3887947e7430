# row min of where(x > 0, x, INT64_MAX) on i32: the literal is an int64 operand past i32 (a1 with the i64 extreme)
kernel p4_i64_lit_max(X: i32[R, C], O: i32[R]):
    assume C <= 64
    grid (R)
    threads 32
    tag X[r, c] = (row=r, col=c)
    tag O[r] = (row=r)
    x = load X[block.x : +1, 0 : +64] masked(fill=2147483647)
    m = min(where(x > 0, x, 9223372036854775807), axis=1)
    store O[block.x : +1], m
