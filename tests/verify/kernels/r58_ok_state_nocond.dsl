# Held-out round 58: the correct sibling of tests/kernels/bad/cover_part_state_*: a declared part
# of an output the kernel also reads, each element stored once.
kernel half_add(X: f32[N], Y: f32[N]):
    assume N % 128 == 0
    grid N / 128
    threads 64
    tag X[i] = (xi=i)
    tag Y[i] = (xi=i, yi=i)
    writes Y[i] if i % 128 < 64
    y = load Y[block.x * 128 : +64]
    x = load X[block.x * 128 : +64]
    y2 = y + x
    store Y[block.x * 128 : +64], y2
