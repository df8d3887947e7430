# Correct sibling of tests/kernels/bad/race_elem_read_after_store.dsl: a barrier orders the
# store of IDS[t] before every thread's read of it. The value read is what the kernel wrote,
# which the verifier does not track (an opaque read, encode/elem_reads.py): the clamp keeps
# the gather inside E whatever it is.
kernel shift_ids_then_gather(E: f32[V, 32], IDS: i32[T], Y: f32[T, 32]):
    assume V >= 1
    assume IDS[t] >= 0 and IDS[t] < V
    grid (T)
    threads 32
    tag E[v, d] = (v=v, d=d)
    tag Y[t, d] = (d=d)
    id = load IDS[block.x : +1]
    id1 = id + 1
    store IDS[block.x : +1], id1
    barrier
    e = load E[min(max(IDS[block.x] - 1, 0), V - 1) : +1, 0 : +32]
    store Y[block.x : +1, 0 : +32], e
