# A loop whose trip count depends on the lane: lanes 0..15 run two iterations, the
# others one, so the barrier in the body is reached a different number of times.
kernel lane_loop(X: f32[N], Y: f32[N]):
    assume N % 128 == 0
    grid (N / 128)
    threads 128
    tag X[i] = (i=i)
    s = shared f32[128]
    copy s[0 : +128], X[block.x * 128 : +128]
    for i in range(1 + thread.lane / 16):
        barrier  #! error[SYNC]
    x = load s[0 : +128]
    store Y[block.x * 128 : +128], x
