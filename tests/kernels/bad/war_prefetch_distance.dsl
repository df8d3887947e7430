# A 2-stage pipeline that prefetches S rows ahead instead of S - 1: the copy issued in
# iteration r refills slot r % 2, the slot other threads are reading in this iteration.
kernel prefetch_far(X: f16[R, 256], Y: f16[R, 256]):
    assume R % 16 == 0 and R >= 16
    const S = 2
    grid (R / 16)
    threads 128
    tag X[r, c] = (row=r, col=c)
    s = shared f16[S, 256]
    for p in range(S):
        copy_async s[p, 0 : +256], X[block.x * 16 + p, 0 : +256] layout copy(vec=2)
        commit
    for r in range(16):
        wait_group S - 1
        barrier
        x = load s[r % S, 0 : +256]
        if r + S < 16:
            copy_async s[(r + S) % S, 0 : +256], X[block.x * 16 + r + S, 0 : +256] layout copy(vec=2)  #! error[WAR]
        commit
        store Y[block.x * 16 + r, 0 : +256], x
