# A gather whose row id is read from the next batch entry: IDS[block.y + 1, ...] runs past
# IDS for the last batch (was proved: the id is clamped into the table, but the read of the
# id itself was never bounds-checked).
kernel gather_next_batch(E: f32[V, 32], IDS: i32[B, S], Y: f32[B, S, 32]):
    assume V >= 1
    grid (S, B)
    threads 32
    tag E[v, d] = (v=v, d=d)
    tag Y[b, s, d] = (d=d)
    e = load E[max(0, min(IDS[block.y + 1, block.x], V - 1)) : +1, 0 : +32]  #! error[BOUND]
    store Y[block.y, block.x : +1, 0 : +32], e
