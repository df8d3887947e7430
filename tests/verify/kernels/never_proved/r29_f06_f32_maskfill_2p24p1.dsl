# a mask whose fill 16777217.0 an f32 tile holds as 16777216.0, then - 16777216.0 - 1.0 before a sum
kernel f06_f32_maskfill_2p24p1(X: f32[R, 64], S: f32[R]):
    assume R % 4 == 0
    grid (R / 4)
    threads 128
    tag X[r, c] = (row=r, col=c)
    tag S[r] = (row=r, col=range(0, 40))
    x = load X[block.x * 4 : +4, 0 : +64]
    m = mask(x, index(x, axis=1) < 40, fill=16777217.0)
    y = m - 16777216.0 - 1.0
    s = sum(y, axis=1)
    store S[block.x * 4 : +4], s
