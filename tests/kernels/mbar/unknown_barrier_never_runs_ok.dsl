# Held-out round 135 (correct): the barrier in the loop never runs (`if kt >= K / 32:`). Unknown
# (the wait graph leaves it out), and the interpreter's run reports no deadlock: the threads
# that end the role `if` without waiting are held back from their arrival after the loop only
# by the interpreter's order (interp/mbarriers.held_back).
kernel dl(X: f32[M, K], Y: f32[M, 32]):
    assume M % 32 == 0 and K % 32 == 0
    grid (M / 32)
    threads 256
    tag X[i, k] = (row=i, col=k % 32)
    tag Y[i, j] = (row=i, col=j)
    done = mbarrier[1] count 128
    s = shared f32[32, 32]
    if thread.warp >= 4:
        wait done[0], 0
    acc = zeros f32[32, 32] layout (256, 4):(1, 256)
    for kt in range(K / 32):
        x = load X[block.x * 32 : +32, kt * 32 : +32] layout (256, 4):(1, 256)
        acc = acc + x
        if kt >= K / 32:
            barrier
    if thread.warp < 4:
        arrive done[0]
    assert tag(acc[i, j]).row == block.x * 32 + i
    store Y[block.x * 32 : +32, 0 : +32], acc
