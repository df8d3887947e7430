# Held-out round 41 (false alarm): two rounds through one mbarrier slot, straight-line. Thread 0
# fills sX for round 0, everyone waits for phase 0, reads; a block barrier frees the slot;
# thread 0 refills it for round 1 (phase 1). Rounds of a straight-line mbarrier are ordinals.
kernel two_rounds(X: f32[R, C], Y: f32[R, C]):
    assume R == 2 * BR and C % BC == 0
    const BR, BC = 16, 64
    grid (C / BC)
    threads 256
    tag X[r, c] = (row=r, col=c)
    tag Y[r, c] = (row=r, col=c)
    sX = shared f32[BR, BC]
    full = mbarrier[1] count 1
    if thread.x == 0:
        expect_tx full[0], 4096
        tma_load sX[0 : +BR, 0 : +BC], X[0 : +BR, block.x * BC : +BC], full[0]
    wait full[0], 0
    a = load sX[0 : +BR, 0 : +BC]
    assert tag(a[i, j]).row == i and tag(a[i, j]).col == block.x * BC + j
    store Y[0 : +BR, block.x * BC : +BC], a
    barrier
    if thread.x == 0:
        expect_tx full[0], 4096
        tma_load sX[0 : +BR, 0 : +BC], X[BR : +BR, block.x * BC : +BC], full[0]
    wait full[0], 1
    b = load sX[0 : +BR, 0 : +BC]
    assert tag(b[i, j]).row == BR + i and tag(b[i, j]).col == block.x * BC + j
    store Y[BR : +BR, block.x * BC : +BC], b
