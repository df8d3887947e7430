# Correct: block b sums CNT[b] copies of its row, then (after a barrier) resets CNT[b] to 0.
kernel g19_ok_count_loop_then_reset(X: f32[R, 32], CNT: i32[R], Y: f32[R, 32]):
    assume CNT[t] >= 0 and CNT[t] <= 3
    grid (R)
    threads 32
    acc = zeros f32[1, 32]
    for p in range(CNT[block.x]):
        x = load X[block.x : +1, 0 : +32]
        acc = acc + x
    barrier
    if thread.x == 0:
        z = zeros i32[1]
        store CNT[block.x : +1], z
    store Y[block.x : +1, 0 : +32], acc
