# Held-out round 134 (written as correct): thread 0 waits for phase 0 after its own arrival,
# but the readers' arrival may complete phase 1 first; the wait on parity 0 then blocks until
# phase 2, which needs its own later arrival (a hang). Its races were errors the interpreter
# did not reproduce; they need the barrier's distrust and are unknown.
kernel pingback(X: f32[R, 64], Z: f32[R, 64], Y: f32[R, 64], W: f32[R, 64]):
    assume R % 16 == 0
    grid (R / 16)
    threads 256
    tag X[r, c] = (row=r, col=c)
    tag Z[r, c] = (row=r, col=c)
    tag Y[r, c] = (row=r, col=c)
    tag W[r, c] = (row=r, col=c)
    sC = shared f32[16, 64]
    done = mbarrier[1] count 128
    y = zeros f32[16, 64] layout (256, 4):(1, 256)
    w = zeros f32[16, 64] layout (256, 4):(1, 256)
    if thread.warp < 4:
        x = load X[block.x * 16 : +16, 0 : +64] layout (128, 8):(1, 128)
        store sC[0 : +16, 0 : +64], x layout (128, 8):(1, 128)
        arrive done[0]
        wait done[0], 0
        wait done[0], 1
        z = load Z[block.x * 16 : +16, 0 : +64] layout (128, 8):(1, 128)
        store sC[0 : +16, 0 : +64], z layout (128, 8):(1, 128)
        arrive done[0]
        x2 = load X[block.x * 16 : +16, 0 : +64] layout (256, 4):(1, 256)
        y = y + x2
        z2 = load Z[block.x * 16 : +16, 0 : +64] layout (256, 4):(1, 256)
        w = w + z2
    else:
        wait done[0], 0
        t = load sC[0 : +16, 0 : +64] layout (256, 4):(1, 256)
        y = y + t
        arrive done[0]
        wait done[0], 1
        wait done[0], 0
        u = load sC[0 : +16, 0 : +64] layout (256, 4):(1, 256)
        w = w + u
    store Y[block.x * 16 : +16, 0 : +64], y
    store W[block.x * 16 : +16, 0 : +64], w
