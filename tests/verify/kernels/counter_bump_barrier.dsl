# Thread 0 bumps the block's counter in place; a barrier orders the write before every
# thread's test of the counter, whose value (opaque: the kernel wrote it) picks the branch.
# Y = 2 X where the bumped count exceeds 1, else X.
kernel counter_bump_barrier(X: f32[T, 32], CNT: i32[T], Y: f32[T, 32]):
    assume CNT[t] >= 0 and CNT[t] < 1000
    grid (T)
    threads 32
    tag X[t, d] = (tok=t, d=d)
    tag Y[t, d] = (tok=t, d=d)
    c = load CNT[block.x : +1]
    c1 = c + 1
    store CNT[block.x : +1], c1
    barrier
    x = load X[block.x : +1, 0 : +32]
    if CNT[block.x] > 1:
        y = x * 2.0
        store Y[block.x : +1, 0 : +32], y
    else:
        store Y[block.x : +1, 0 : +32], x
