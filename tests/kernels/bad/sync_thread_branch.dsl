# Only the first half of the block stages the tile and meets at the barrier; the other
# half never arrives (barrier under a thread-dependent condition).
kernel half_block(X: f32[N], Y: f32[N]):
    assume N % 128 == 0
    grid (N / 128)
    threads 256
    tag X[i] = (i=i)
    s = shared f32[128]
    copy s[0 : +128], X[block.x * 128 : +128]
    if thread.x < 128:
        barrier  #! error[SYNC]
    x = load s[0 : +128]
    store Y[block.x * 128 : +128], x
