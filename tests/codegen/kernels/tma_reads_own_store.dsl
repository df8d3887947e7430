# Held-out round 43: the block stores a tile of Y with ordinary stores and, after a block
# barrier, reads it back with a bulk copy. The generic writes reach the async proxy only
# through fence.proxy.async, which the lowering emits after each store into a tensor a bulk
# copy reads (it had emitted none: the copy could read stale Y).
kernel tma_rt(X: f32[M, 32], Y: f32[M, 32], Z: f32[M, 32]):
    assume M % 32 == 0
    grid (M / 32)
    threads 128
    tag X[i, j] = (row=i, col=j)
    tag Y[i, j] = (row=i, col=j)
    tag Z[i, j] = (row=i, col=j)
    sY = shared f32[32, 32]
    full = mbarrier[1] count 1
    x = load X[block.x * 32 : +32, 0 : +32]
    y = x * 2.0
    store Y[block.x * 32 : +32, 0 : +32], y
    barrier
    if thread.x == 0:
        expect_tx full[0], 4096
        tma_load sY[0 : +32, 0 : +32], Y[block.x * 32 : +32, 0 : +32], full[0]
    wait full[0], 0
    z = load sY[0 : +32, 0 : +32]
    store Z[block.x * 32 : +32, 0 : +32], z
