# r41_ok_tma_two_halves with the second wait's parity left at 0: it waits for phase 0
# again (passed already), so rows 8..16 may be read before round 1's copy lands.
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
    wait full[0], 0
    barrier
    if thread.x == 0:
        expect_tx full[0], 2048
        tma_load sX[8 : +8, 0 : +64], X[8 : +8, 0 : +64], full[0]  #! error[ASYNC]
    wait full[0], 0  #! error[SYNC]
    a = load sX[0 : +16, 0 : +64]  #! error[ASYNC]
    assert tag(a[i, j]).row == i and tag(a[i, j]).col == j
    store Y[0 : +16, 0 : +64], a
