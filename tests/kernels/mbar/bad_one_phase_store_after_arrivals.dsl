# ok_one_phase_two_arrivals_each with both arrivals before the store: the phase may complete
# before any store, and the waiting warps read sC while it is written.
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
        arrive done[0]
        store sC[0 : +16, 0 : +64], x layout (128, 8):(1, 128)
        x2 = load X[block.x * 16 : +16, 0 : +64] layout (256, 4):(1, 256)
        y = y + x2
    else:
        wait done[0], 0
        t = load sC[0 : +16, 0 : +64] layout (256, 4):(1, 256)  #! error[RACE]
        y = y + t
    store Y[block.x * 16 : +16, 0 : +64], y
