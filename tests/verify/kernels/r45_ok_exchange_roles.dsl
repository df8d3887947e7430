# Held-out round 45 (a false alarm): warps 0 and 1 meet twice on one count-64 mbarrier,
# straight-line, each in its own role branch. Round 0 is each thread's first arrival (warp 1's
# lane 0 with expect_tx and the bulk copy of sX), round 1 each thread's second, after its own
# wait for phase 0; warp 0 reads sX after phase 0. Rounds had been grouped in program text
# order (warp 0's two arrivals as round 0), the array untrusted, the read a WAR finding.
kernel xch(X: f32[32, 32], Y: f32[32, 32]):
    grid 1
    threads 64
    tag X[r, c] = (row=r, col=c)
    tag Y[r, c] = (row=r, col=c)
    sX = shared f32[32, 32]
    bar = mbarrier[1] count 64
    if thread.warp == 0:
        arrive bar[0]
        wait bar[0], 0
        a = load sX[0 : +32, 0 : +32] layout (32, 32):(1, 32)
        assert tag(a[i, j]).row == i and tag(a[i, j]).col == j
        store Y[0 : +32, 0 : +32], a
        arrive bar[0]
        wait bar[0], 1
    else:
        if thread.lane == 0:
            expect_tx bar[0], 4096
            tma_load sX[0 : +32, 0 : +32], X[0 : +32, 0 : +32], bar[0]
        else:
            arrive bar[0]
        wait bar[0], 0
        arrive bar[0]
        wait bar[0], 1
