# Buggy sibling of tests/verify/kernels/ids_advance_in_loop.dsl: no barrier between the
# threads' reads of IDS[t] (the gather's subscript) and thread 0's write of IDS[t] + 1 in the
# same pass: a thread may gather the advanced row.
kernel ids_advance_no_barrier_before_write(E: f32[V, 32], IDS: i32[T], Y: f32[T, 32]):
    assume V >= 1
    assume IDS[t] >= 0 and IDS[t] < V
    grid (T)
    threads 32
    tag E[v, d] = (v=v, d=d)
    tag Y[t, d] = (d=d)
    acc = zeros f32[1, 32]
    for p in range(3):
        e = load E[min(max(IDS[block.x], 0), V - 1) : +1, 0 : +32]
        acc = acc + e
        id = load IDS[block.x : +1]
        nxt = id + 1
        store IDS[block.x : +1], nxt  #! error[WAR]
        barrier
    assert tag(acc[0, j]).d == j
    store Y[block.x : +1, 0 : +32], acc
