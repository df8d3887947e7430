# A tile staged through padded shared memory, loaded after a barrier and read across
# threads after another barrier (so it is materialised, not forwarded), stored with an
# explicit thread-value layout, reduced over columns, and redefined in a loop.
kernel staged(X: f32[M, 32], Out: f32[M, 32], Col: f32[M, 32], Mx: f32[G, 32]):
    assume M % 32 == 0 and G * 32 == M
    grid (M / 32)
    threads 128
    s = shared f32[32, 32] layout (32, 32):(33, 1)
    copy s[0 : +32, 0 : +32], X[block.x * 32 : +32, 0 : +32] layout copy(vec=4)
    barrier
    t = load s[0 : +32, 0 : +32]
    barrier
    u = maximum(t, t * 2.0)
    store Out[block.x * 32 : +32, 0 : +32], u layout (128, 8):(8, 1)
    m = max(t, axis=0)
    store Mx[block.x, 0 : +32], m
    c = zeros f32[32, 32]
    for r in range(3):
        c = c + t
    store Col[block.x * 32 : +32, 0 : +32], c
