# ok_one_phase_two_arrivals_each with a wait for phase 0 between a thread's two arrivals: the
# phase needs the thread's second arrival, made after the wait, so the wait never returns (and
# the waiting warps' load of sC, after their own wait for that phase, never runs: no race).
kernel handoff(X: f32[R, 64], Y: f32[R, 64]):
    assume R % 16 == 0
    grid (R / 16)
    threads 256
    tag X[r, c] = (row=r, col=c)
    tag Y[r, c] = (row=r, col=c)
    sC = shared f32[16, 64]
    done = mbarrier[1] count 256
    y = zeros f32[16, 64] layout (256, 4):(1, 256)
    if thread.warp < 4:
        x = load X[block.x * 16 : +16, 0 : +64] layout (128, 8):(1, 128)
        arrive done[0]
        store sC[0 : +16, 0 : +64], x layout (128, 8):(1, 128)
        wait done[0], 0  #! error[SYNC]
        arrive done[0]
        x2 = load X[block.x * 16 : +16, 0 : +64] layout (256, 4):(1, 256)
        y = y + x2
    else:
        wait done[0], 0
        t = load sC[0 : +16, 0 : +64] layout (256, 4):(1, 256)
        y = y + t
    store Y[block.x * 16 : +16, 0 : +64], y
