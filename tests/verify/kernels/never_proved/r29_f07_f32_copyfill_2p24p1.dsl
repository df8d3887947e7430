# the same fill through a masked copy into shared memory
kernel f07_f32_copyfill_2p24p1(X: f32[R, C], S: f32[R]):
    assume R % 4 == 0 and C >= 1
    grid (R / 4)
    threads 128
    tag X[r, c] = (row=r, col=c)
    tag S[r] = (row=r, col=range(0, C))
    sX = shared f32[4, 32]
    s = zeros f32[4]
    for ct in range((C + 31) / 32):
        copy sX[0 : +4, 0 : +32], X[block.x * 4 : +4, ct * 32 : +32] masked(fill=16777217.0)
        barrier
        x = load sX[0 : +4, 0 : +32]
        y = x - 16777216.0 - 1.0
        s = s + sum(y, axis=1)
        barrier
    store S[block.x * 4 : +4], s
