# Held-out round 58: the correct sibling of tests/kernels/bad/cover_part_state_*: a declared part
# of an output the kernel also reads, each element stored once.
kernel ragged_copy(X: f32[B, T, 64], LEN: i32[B], Y: f32[B, T, 64]):
    assume LEN[b] >= 0 and LEN[b] <= T
    grid B
    threads 64
    tag X[b, t, d] = (b=b, t=t, d=d)
    tag Y[b, t, d] = (b=b, t=t, d=d)
    writes Y[b, t, d] if t < LEN[b]
    y0 = load Y[block.x, 0 : +1, 0 : +64]
    for t in range(T):
        x = load X[block.x, t : +1, 0 : +64]
        if t < LEN[block.x]:
            store Y[block.x, t : +1, 0 : +64], x
