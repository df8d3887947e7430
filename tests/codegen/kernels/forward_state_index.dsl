# A load whose subscript reads an element the kernel later stores (IDS[0], then `store IDS`)
# is not forwarded: a forwarded read evaluated IDS[0] again at the use, after the store, and
# read row 3 where the load read row 1 (held-out round 34).
kernel forward_state_index(X: f32[4, 32], IDS: i32[1], Y: f32[1]):
    assume IDS[0] >= 0 and IDS[0] < 2
    grid (1)
    threads 32
    x = load X[IDS[0] : +1, 0 : +32]
    n = load IDS[0 : +1]
    n2 = n + 2
    barrier
    store IDS[0 : +1], n2
    barrier
    s = sum(x, axis=1) + max(x, axis=1)
    store Y[0 : +1], s
