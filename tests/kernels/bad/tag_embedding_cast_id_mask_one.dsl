# The embedding (tests/verify/kernels/r90_ok_embedding_cast_id_mask.dsl) whose mask compares
# the cast ids with 1.0: id 1 is cleared and id 0 kept, where the tag function says the
# opposite (held-out round 90's sibling).
kernel embed4(E: f32[V, 64], idx: i32[T], Y: f32[T, 64]):
    assume T % 4 == 0 and V >= 2
    assume idx[t] >= 0 and idx[t] < V
    grid (T / 4)
    threads 128
    tag E[v, d] = (vocab=v, d=d)
    tag Y[t, d] = (vocab=idx[t], d=d) if idx[t] != 0
    sE = shared f32[4, 64]
    copy sE[0 : +1, 0 : +64], E[idx[block.x * 4] : +1, 0 : +64]
    copy sE[1 : +1, 0 : +64], E[idx[block.x * 4 + 1] : +1, 0 : +64]
    copy sE[2 : +1, 0 : +64], E[idx[block.x * 4 + 2] : +1, 0 : +64]
    copy sE[3 : +1, 0 : +64], E[idx[block.x * 4 + 3] : +1, 0 : +64]
    barrier
    e = load sE[0 : +4, 0 : +64]
    ids = load idx[block.x * 4 : +4]
    y = mask(e, bcast(cast(ids, f32), axis=1, n=64) != 1.0, fill=0.0)
    store Y[block.x * 4 : +4, 0 : +64], y  #! error[TAG]
