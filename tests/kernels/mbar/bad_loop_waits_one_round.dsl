# Every thread arrives once, outside any loop, then waits in a loop for phases 0, 1, ...:
# round 1 has no arrivals, so the wait for phase 1 never returns (held-out round 46).
kernel loop_waits(X: f32[N, 32], Y: f32[1, 32]):
    assume N >= 1
    grid 1
    threads 64
    tag X[r, c] = (row=r, col=c)
    tag Y[r, c] = (row=r, col=c)
    bar = mbarrier[1] count 64
    x = load X[0 : +1, 0 : +32]
    arrive bar[0]
    for k in range(N):
        wait bar[0], k % 2  #! error[SYNC]
    store Y[0 : +1, 0 : +32], x
