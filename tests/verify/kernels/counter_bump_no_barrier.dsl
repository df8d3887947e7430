# Buggy sibling of counter_bump_barrier.dsl (the tests/encode replayer cannot take a branch on
# data, so it lives here; the concrete interpreter replays it: tests/verify/test_elem_reads.py).
# Thread 0 bumps the block's counter in place, and every thread then tests the counter in an
# `if` with no barrier after the store: thread 1's read of CNT[b] races with thread 0's write
# whatever value it returns (was unknown: the read may follow a write, so its value is opaque,
# but the race does not depend on it).
kernel counter_bump_no_barrier(X: f32[T, 32], CNT: i32[T], Y: f32[T, 32]):
    grid (T)
    threads 32
    tag X[t, d] = (tok=t, d=d)
    tag Y[t, d] = (tok=t, d=d)
    c = load CNT[block.x : +1]
    c1 = c + 1
    store CNT[block.x : +1], c1
    x = load X[block.x : +1, 0 : +32]
    if CNT[block.x] > 1:
        y = x * 2.0
        store Y[block.x : +1, 0 : +32], y
    else:
        store Y[block.x : +1, 0 : +32], x
