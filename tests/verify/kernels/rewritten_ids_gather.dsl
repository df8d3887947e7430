# The `assume` speaks of the ids the kernel receives; the kernel rewrites them (1-based)
# before the gather reads them, so E[IDS[t]] runs past E for the id V - 1. This was proved:
# the assumption was applied to the rewritten values. The value now read is opaque (what the
# kernel wrote is not tracked): the verdict is unknown, naming the read.
kernel rewritten_ids_gather(E: f32[V, 32], IDS: i32[T], Y: f32[T, 32]):
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
    e = load E[IDS[block.x] : +1, 0 : +32]
    store Y[block.x : +1, 0 : +32], e
