# A column max loaded twice from one shared copy, with the barrier at the end of the loop:
# on the first iteration nothing orders the copy before another thread's forwarded read.
kernel colmax_reload(X: f32[M, 32], Y: f32[G, 32]):
    assume M % 32 == 0 and G * 16 == M
    grid (M / 32)
    threads 128
    s = shared f32[32, 32]
    copy s[0 : +32, 0 : +32], X[block.x * 32 : +32, 0 : +32]
    for r in range(2):
        t = load s[0 : +32, 0 : +32]
        m = max(t, axis=0)
        store Y[block.x * 2 + r, 0 : +32], m
        barrier
