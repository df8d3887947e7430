# Held-out round 45 (proved, and it can hang): warp 1 arrives twice before waiting; its second
# arrival may land in phase 0 (64 arrivals complete it without warp 0), and warp 0's second
# arrival then completes phase 1 while warp 1 may still wait for phase 0 on the same parity.
# The array is untrusted (round 1 may start before phase 0 completed): whether its waits
# return is unknown, never a pass.
kernel xch(X: f32[M, 32], Y: f32[M, 32]):
    assume M % 32 == 0
    grid (M / 32)
    threads 64
    tag X[i, j] = (row=i, col=j)
    tag Y[i, j] = (row=i, col=j)
    bar = mbarrier[1] count 64
    if thread.warp == 0:
        arrive bar[0]
        wait bar[0], 0
        arrive bar[0]
        wait bar[0], 1
    else:
        arrive bar[0]
        arrive bar[0]
        wait bar[0], 0
        wait bar[0], 1
    x = load X[block.x * 32 : +32, 0 : +32]
    store Y[block.x * 32 : +32, 0 : +32], x
