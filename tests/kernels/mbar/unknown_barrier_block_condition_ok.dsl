# Correct sibling of unknown_barrier_block_condition_hangs: the arrival comes before the
# barrier. Unknown too, and the interpreter's run finds nothing: `if block.x == 0:` is no
# role branch (it ran once per role there, a barrier half the threads reached).
kernel dl(X: f32[M, K], Y: f32[M, 32]):
    assume M % 32 == 0 and K % 32 == 0
    grid (M / 32)
    threads 256
    tag X[i, k] = (row=i, col=k % 32)
    tag Y[i, j] = (row=i, col=j)
    done = mbarrier[1] count 128
    if thread.warp < 4:
        arrive done[0]
    if block.x == 0:
        barrier
    if thread.warp >= 4:
        wait done[0], 0
    acc = zeros f32[32, 32] layout (256, 4):(1, 256)
    for kt in range(K / 32):
        x = load X[block.x * 32 : +32, kt * 32 : +32] layout (256, 4):(1, 256)
        acc = acc + x
    assert tag(acc[i, j]).row == block.x * 32 + i
    store Y[block.x * 32 : +32, 0 : +32], acc
