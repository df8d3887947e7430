# Block reduction: Y[g] = the sum of the 8 x 128 floats X[8g : 8g + 8, :].
# Optimizations: the block stages its tile in shared memory with 16-byte vector copies
# (thread t fills 4 floats of a row, so each row is read back by other threads: the
# barrier is needed); the rows are then added as a tree with constant strides 4, 2, 1
# (the levels unrolled), and the surviving row is summed.
kernel reduce_tree(X: f32[R, 128], Y: f32[G]):
    assume R == 8 * G
    grid (G)
    threads 128
    tag X[r, c] = (row=r, col=c)
    s = shared f32[8, 128]
    copy s[0 : +8, 0 : +128], X[block.x * 8 : +8, 0 : +128] layout copy(vec=4)
    barrier
    r0 = load s[0 : +1, 0 : +128]
    r1 = load s[1 : +1, 0 : +128]
    r2 = load s[2 : +1, 0 : +128]
    r3 = load s[3 : +1, 0 : +128]
    r4 = load s[4 : +1, 0 : +128]
    r5 = load s[5 : +1, 0 : +128]
    r6 = load s[6 : +1, 0 : +128]
    r7 = load s[7 : +1, 0 : +128]
    p0 = r0 + r4
    p1 = r1 + r5
    p2 = r2 + r6
    p3 = r3 + r7
    q0 = p0 + p2
    q1 = p1 + p3
    t = q0 + q1
    assert tag(t[0, c]).col == c
    assert covers(tag(t[0, c]).row, block.x * 8, block.x * 8 + 8)
    y = sum(t, axis=1)
    store Y[block.x : +1], y
