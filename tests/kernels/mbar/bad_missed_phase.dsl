# r41_ok_tma_two_halves without the block barrier after the first wait: thread 0 may run
# round 1 to its end (phase 1 completes) before a slow warp reaches its wait for phase 0;
# the completed-phase count is then 2, of parity 0 again, and that wait blocks for good.
kernel halves(X: f32[16, 64], Y: f32[16, 64]):
    grid 1
    threads 128
    tag X[r, c] = (row=r, col=c)
    tag Y[r, c] = (row=r, col=c)
    sX = shared f32[16, 64]
    full = mbarrier[1] count 1
    if thread.x == 0:
        expect_tx full[0], 2048
        tma_load sX[0 : +8, 0 : +64], X[0 : +8, 0 : +64], full[0]
    wait full[0], 0  #! error[SYNC]
    if thread.x == 0:
        expect_tx full[0], 2048
        tma_load sX[8 : +8, 0 : +64], X[8 : +8, 0 : +64], full[0]
    wait full[0], 1
    a = load sX[0 : +16, 0 : +64]
    assert tag(a[i, j]).row == i and tag(a[i, j]).col == j
    store Y[0 : +16, 0 : +64], a
