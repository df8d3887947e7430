# Block reduction: Y[r] = the sum of the 1024 floats of row r of X, one row per block.
# Optimizations: the block stages the row in shared memory with 16-byte vector copies,
# then adds it as a tree *in shared memory*: each level loads the two halves, adds them
# and stores the sum back into the lower half, halving the live part 1024 -> 512 -> 256
# -> 128 -> 64 -> 32; the last 32 partial sums are summed by a reduction. The levels are
# unrolled by hand: the DSL's loops have unit steps and no multiplicative ones.
# Under the default distribution thread t owns elements t, t + 256, ... of every level's
# tiles, so a level's loads and its store touch only the thread's own elements: no barrier
# is needed between them. Nor after the first level's store, whose elements t and t + 256
# the second level reads in thread t again. From then on a level's thread t reads s[H + t],
# which thread H + t stored, so each later store is followed by a barrier (RACE without).
# What the tags prove: every partial sum s[i] of the level of half-width H holds only
# columns of the block's row that are congruent to i modulo H, and the block's total
# covers every column of its row (`covers`: at least once; the total adds 1024 terms, so
# that is exactly once).
kernel reduce_tree(X: f32[R, 1024], Y: f32[R]):
    grid (R)
    threads 256
    tag X[r, c] = (row=r, col=c)
    s = shared f32[1, 1024]
    copy s[0 : +1, 0 : +1024], X[block.x : +1, 0 : +1024] layout copy(vec=4)
    barrier
    a1 = load s[0 : +1, 0 : +512]
    b1 = load s[0 : +1, 512 : +512]
    p1 = a1 + b1
    assert tag(p1[0, i]).row == block.x and tag(p1[0, i]).col % 512 == i
    store s[0 : +1, 0 : +512], p1
    a2 = load s[0 : +1, 0 : +256]
    b2 = load s[0 : +1, 256 : +256]
    p2 = a2 + b2
    assert tag(p2[0, i]).row == block.x and tag(p2[0, i]).col % 256 == i
    store s[0 : +1, 0 : +256], p2
    barrier
    a3 = load s[0 : +1, 0 : +128]
    b3 = load s[0 : +1, 128 : +128]
    p3 = a3 + b3
    assert tag(p3[0, i]).row == block.x and tag(p3[0, i]).col % 128 == i
    store s[0 : +1, 0 : +128], p3
    barrier
    a4 = load s[0 : +1, 0 : +64]
    b4 = load s[0 : +1, 64 : +64]
    p4 = a4 + b4
    assert tag(p4[0, i]).row == block.x and tag(p4[0, i]).col % 64 == i
    store s[0 : +1, 0 : +64], p4
    barrier
    a5 = load s[0 : +1, 0 : +32]
    b5 = load s[0 : +1, 32 : +32]
    p5 = a5 + b5
    assert tag(p5[0, i]).row == block.x and tag(p5[0, i]).col % 32 == i
    store s[0 : +1, 0 : +32], p5
    barrier
    t = load s[0 : +1, 0 : +32]
    y = sum(t, axis=1)
    assert tag(y[0]).row == block.x
    assert covers(tag(y[0]).col, 0, 1024)
    store Y[block.x : +1], y
