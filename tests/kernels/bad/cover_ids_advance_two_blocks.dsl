# Buggy sibling of tests/verify/kernels/ids_advance_in_loop.dsl: blocks 2i and 2i + 1 both
# advance IDS[i]. One block's writes of an element are ordered, two blocks' are not: the final
# IDS[i] depends on the schedule (and each block reads what the other wrote).
kernel ids_advance_two_blocks(E: f32[V, 32], IDS: i32[T], Y: f32[T, 32]):
    assume V >= 1 and T % 2 == 0
    assume IDS[t] >= 0 and IDS[t] < V
    grid (T)
    threads 32
    tag E[v, d] = (v=v, d=d)
    tag Y[t, d] = (d=d)
    acc = zeros f32[1, 32]
    for p in range(3):
        e = load E[min(max(IDS[block.x / 2], 0), V - 1) : +1, 0 : +32]  #! error[RACE]
        acc = acc + e
        barrier
        id = load IDS[block.x / 2 : +1]  #! error[RACE]
        nxt = id + 1
        store IDS[block.x / 2 : +1], nxt  #! error[COVER]
        barrier
    assert tag(acc[0, j]).d == j
    store Y[block.x : +1, 0 : +32], acc
