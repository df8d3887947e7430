# Role branches written as sibling `if`s instead of if/else: warp 0 and warp 1 meet twice on
# one mbarrier. Each thread runs only the branch its condition picks, and the two run at once;
# the interpreter had run the first `if` to its end before the second, so warp 0's wait for
# phase 1 never saw warp 1's arrivals and the lowering check failed for a correct kernel.
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
    if thread.warp == 1:
        if thread.lane == 0:
            expect_tx bar[0], 4096
            tma_load sX[0 : +32, 0 : +32], X[0 : +32, 0 : +32], bar[0]
        else:
            arrive bar[0]
        wait bar[0], 0
        arrive bar[0]
        wait bar[0], 1
