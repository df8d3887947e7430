# i64 row min, padding INT64_MAX (not exactly a float)
kernel r112_ok_i64_min_fill_max(X: i64[R, C], O: i64[R]):
    assume C <= 64
    grid (R)
    threads 32
    tag X[r, c] = (row=r, col=c)
    tag O[r] = (row=r)
    x = load X[block.x : +1, 0 : +64] masked(fill=9223372036854775807)
    m = min(x, axis=1)
    store O[block.x : +1], m
