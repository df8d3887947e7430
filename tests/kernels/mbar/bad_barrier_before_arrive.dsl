# Held-out round 43 (a false proof: it hangs): thread 0 waits for an arrival that thread 32
# makes only after a block barrier, which thread 0 reaches only after its wait: deadlock (the
# mbarrier itself is well formed: count 1, one arrival).
kernel dl_barrier(X: f32[M, 32], Y: f32[M, 32]):
    assume M % 32 == 0
    grid (M / 32)
    threads 64
    tag X[i, j] = (row=i, col=j)
    tag Y[i, j] = (row=i, col=j)
    bar = mbarrier[1] count 1
    if thread.x == 0:
        wait bar[0], 0  #! error[SYNC]
    barrier
    if thread.x == 32:
        arrive bar[0]
    x = load X[block.x * 32 : +32, 0 : +32]
    store Y[block.x * 32 : +32, 0 : +32], x
