# Two bulk copies fill the two halves of sX in two phases of one mbarrier; a block barrier
# after the first wait keeps a slow warp from missing phase 0 (its sibling without it,
# tests/kernels/mbar/bad_missed_phase.dsl, is a SYNC finding). The read after phase 1 sees
# rows 0..8 from round 0 and rows 8..16 from round 1.
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
        tma_load sX[8 : +8, 0 : +64], X[8 : +8, 0 : +64], full[0]
    wait full[0], 1
    a = load sX[0 : +16, 0 : +64]
    assert tag(a[i, j]).row == i and tag(a[i, j]).col == j
    store Y[0 : +16, 0 : +64], a
