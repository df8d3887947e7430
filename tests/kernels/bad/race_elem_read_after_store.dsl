# A kernel rewrites its ids in place (IDS[t] = IDS[t] + 1, stored by one thread) and every
# thread then reads IDS[t] in a gather's subscript with no barrier between: a read-after-
# write race in global memory (was proved: RACE ignored element reads).
kernel shift_ids_then_gather(E: f32[V, 32], IDS: i32[T], Y: f32[T, 32]):
    assume V >= 1
    grid (T)
    threads 32
    tag E[v, d] = (v=v, d=d)
    tag Y[t, d] = (d=d)
    id = load IDS[block.x : +1]
    id1 = id + 1
    store IDS[block.x : +1], id1
    e = load E[min(max(IDS[block.x] - 1, 0), V - 1) : +1, 0 : +32]  #! error[RACE]
    store Y[block.x : +1, 0 : +32], e
