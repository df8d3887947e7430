# An id advanced in place once per pass: pass p gathers row IDS[t] of E into the sum, then
# thread 0 (which owns the [1] tile) writes IDS[t] + 1 back. The first barrier orders every
# thread's read of IDS[t] before the write, the second the write before the next pass's
# reads. IDS is state (the kernel reads it too), so COVER asks that one block writes each
# element, not one write (three passes write IDS[t] three times, in program order); the
# clamp keeps the gather inside E whatever the rewritten id is (an opaque read).
kernel ids_advance_in_loop(E: f32[V, 32], IDS: i32[T], Y: f32[T, 32]):
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
        barrier
        id = load IDS[block.x : +1]
        nxt = id + 1
        store IDS[block.x : +1], nxt
        barrier
    assert tag(acc[0, j]).d == j
    store Y[block.x : +1, 0 : +32], acc
