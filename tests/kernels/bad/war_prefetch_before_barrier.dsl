# A 3-stage cp.async pipeline that issues the prefetch at the top of the iteration,
# before the barrier: the prefetch refills slot (r + 2) % 3 = (r - 1) % 3, which other
# threads may still be reading from iteration r - 1.
kernel prefetch_early(X: f16[R, 256], Y: f16[R, 256]):
    assume R % 16 == 0 and R >= 16
    const S = 3
    grid (R / 16)
    threads 128
    tag X[r, c] = (row=r, col=c)
    s = shared f16[S, 256]
    for p in range(S - 1):
        copy_async s[p, 0 : +256], X[block.x * 16 + p, 0 : +256] layout copy(vec=2)
        commit
    for r in range(16):
        if r + S - 1 < 16:
            copy_async s[(r + S - 1) % S, 0 : +256], X[block.x * 16 + r + S - 1, 0 : +256] layout copy(vec=2)  #! error[WAR]
        commit
        wait_group S - 1
        barrier
        x = load s[r % S, 0 : +256]
        store Y[block.x * 16 + r, 0 : +256], x
