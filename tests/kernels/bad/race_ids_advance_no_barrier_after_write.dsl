# Buggy sibling of tests/verify/kernels/ids_advance_in_loop.dsl: no barrier after thread 0
# writes IDS[t], so the next pass's reads of IDS[t] by the other threads race with it (the
# writes themselves are in program order, which COVER allows for a tensor the kernel reads).
kernel ids_advance_no_barrier_after_write(E: f32[V, 32], IDS: i32[T], Y: f32[T, 32]):
    assume V >= 1
    assume IDS[t] >= 0 and IDS[t] < V
    grid (T)
    threads 32
    tag E[v, d] = (v=v, d=d)
    tag Y[t, d] = (d=d)
    acc = zeros f32[1, 32]
    for p in range(3):
        e = load E[min(max(IDS[block.x], 0), V - 1) : +1, 0 : +32]  #! error[RACE]
        acc = acc + e
        barrier
        id = load IDS[block.x : +1]
        nxt = id + 1
        store IDS[block.x : +1], nxt
    assert tag(acc[0, j]).d == j
    store Y[block.x : +1, 0 : +32], acc
