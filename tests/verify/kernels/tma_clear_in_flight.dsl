# Buggy sibling of tma_consume_then_clear.dsl: W is cleared after `go` but before the
# copy's mbarrier phase is waited for, while the bulk copy may still read it (WAR; was
# proved: the source read counted at issue).
kernel tma_clear_in_flight(W: f32[16, 32], C: f32[16, 32]):
    grid 1
    threads 96
    sW = shared f32[16, 32]
    full = mbarrier[1] count 1
    go = mbarrier[1] count 1
    if thread.warp == 2:
        if thread.lane == 0:
            expect_tx full[0], 2048
            tma_load sW[0 : +16, 0 : +32], W[0 : +16, 0 : +32], full[0]
            arrive go[0]
    else:
        wait go[0], 0
        z = zeros f32[16, 32] layout (64, 8):(1, 64)
        store W[0 : +16, 0 : +32], z layout (64, 8):(1, 64)
        wait full[0], 0
        a = load sW[0 : +16, 0 : +32] layout (64, 8):(1, 64)
        store C[0 : +16, 0 : +32], a layout (64, 8):(1, 64)
