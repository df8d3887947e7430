# row min of where(x > 0, x, 3000000000): int64 values past i32, padding 2147483647
kernel a1_min_biglit(X: i32[R, C], O: i32[R]):
    assume C <= 64
    grid (R)
    threads 32
    tag X[r, c] = (row=r, col=c)
    tag O[r] = (row=r)
    x = load X[block.x : +1, 0 : +64] masked(fill=2147483647)
    m = min(where(x > 0, x, 3000000000), axis=1)
    store O[block.x : +1], m
