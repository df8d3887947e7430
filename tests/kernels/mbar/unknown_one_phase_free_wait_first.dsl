# Held-out round 135 (a false alarm): ok_one_phase_two_arrivals_each with a free first wait
# (parity 1, phase -1) by the producers before their arrivals: it returns at once. A wait before
# a thread's own arrival keeps the one-phase reading off (encode/mbar_rounds._one_phase), the
# barrier is untrusted, and the race it may order is unknown, not an error.
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
        wait done[0], 1
        x = load X[block.x * 16 : +16, 0 : +64] layout (128, 8):(1, 128)
        arrive done[0]
        store sC[0 : +16, 0 : +64], x layout (128, 8):(1, 128)
        arrive done[0]
        x2 = load X[block.x * 16 : +16, 0 : +64] layout (256, 4):(1, 256)
        y = y + x2
    else:
        wait done[0], 0
        t = load sC[0 : +16, 0 : +64] layout (256, 4):(1, 256)
        y = y + t
    store Y[block.x * 16 : +16, 0 : +64], y
