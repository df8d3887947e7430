# Only warp 0 waits for the staged tile before the block moves on: the barrier sits in
# a branch on thread.warp, which the other warps never enter.
kernel producer_warp(X: f32[N], Y: f32[N]):
    assume N % 128 == 0
    grid (N / 128)
    threads 128
    tag X[i] = (i=i)
    s = shared f32[128]
    copy s[0 : +128], X[block.x * 128 : +128] layout copy(vec=4)
    if thread.warp == 0:
        barrier  #! error[SYNC]
    x = load s[0 : +128]  #! error[RACE]
    store Y[block.x * 128 : +128], x
