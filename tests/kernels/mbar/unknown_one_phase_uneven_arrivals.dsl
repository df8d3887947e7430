# Held-out round 135 (a false alarm): warps 0-1 arrive once before their store and twice after,
# warps 2-3 once after (64 * 3 + 64 = 256 = the count): one phase, every thread's last
# arrival after its store. One arrive's threads are in different ordinal rounds, so the
# barrier is untrusted; the race it may order is unknown, not an error (encode/race._may_be_ordered).
kernel handoff(X: f32[R, 64], Y: f32[R, 64]):
    assume R % 16 == 0
    grid (R / 16)
    threads 256
    tag X[r, c] = (row=r, col=c)
    tag Y[r, c] = (row=r, col=c)
    sC = shared f32[16, 64]
    sD = shared f32[16, 64]
    done = mbarrier[1] count 256
    y = zeros f32[16, 64] layout (256, 4):(1, 256)
    if thread.warp < 4:
        x = load X[block.x * 16 : +16, 0 : +64] layout (128, 8):(1, 128)
        if thread.warp < 2:
            arrive done[0]
        store sC[0 : +16, 0 : +64], x layout (128, 8):(1, 128)
        arrive done[0]
        if thread.warp < 2:
            arrive done[0]
        x2 = load X[block.x * 16 : +16, 0 : +64] layout (256, 4):(1, 256)
        y = y + x2
    else:
        wait done[0], 0
        t = load sC[0 : +16, 0 : +64] layout (256, 4):(1, 256)
        y = y + t
    store Y[block.x * 16 : +16, 0 : +64], y
