# Held-out round 135 (hangs, proved before): warps 4-7 wait before two nested loops whose body
# holds a block barrier; warps 0-3 arrive after them. The wait graph leaves a barrier in
# nested loops out, so whether the waits hang is unknown (encode/deadlock._block_sites).
kernel dl(X: f32[M, K], Y: f32[M, 32]):
    assume M % 32 == 0 and K % 32 == 0
    grid (M / 32)
    threads 256
    tag X[i, k] = (row=i, col=k % 32)
    tag Y[i, j] = (row=i, col=j)
    done = mbarrier[1] count 128
    if thread.warp >= 4:
        wait done[0], 0
    acc = zeros f32[32, 32] layout (256, 4):(1, 256)
    for rep in range(2):
        for kt in range(K / 32):
            x = load X[block.x * 32 : +32, kt * 32 : +32] layout (256, 4):(1, 256)
            acc = acc + x
            barrier
    if thread.warp < 4:
        arrive done[0]
    assert tag(acc[i, j]).row == block.x * 32 + i
    store Y[block.x * 32 : +32, 0 : +32], acc
