# A row copy staged through shared memory with the number of staged rows S open: 64 or
# 128 rows of 4 KiB overflow the 228 KiB of shared memory a block may have (RES); the
# RES witness of the first rules out the second without a verification.
kernel stage_rows(X: f32[R, 1024], Y: f32[R, 1024]):
    const S = ??{64, 128, 1}
    grid (R)
    threads 256
    tag X[r, c] = (row=r, col=c)
    tag Y[r, c] = (row=r, col=c)
    s = shared f32[S, 1024]
    copy s[0 : +1, 0 : +1024], X[block.x : +1, 0 : +1024]
    barrier
    t = load s[0 : +1, 0 : +1024]
    store Y[block.x : +1, 0 : +1024], t
