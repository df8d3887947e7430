# Held-out round 43 (a false proof: it hangs): an mbarrier of count 2 that gets one arrival;
# the wait for its phase 0 never returns.
kernel dl_count_short(X: f32[M, 32], Y: f32[M, 32]):
    assume M % 32 == 0
    grid (M / 32)
    threads 64
    tag X[i, j] = (row=i, col=j)
    tag Y[i, j] = (row=i, col=j)
    bar = mbarrier[1] count 2
    if thread.x == 0:
        arrive bar[0]
    wait bar[0], 0  #! error[SYNC]
    x = load X[block.x * 32 : +32, 0 : +32]
    store Y[block.x * 32 : +32, 0 : +32], x
