# Inclusive prefix sum of each 128-element segment, Hillis-Steele in shared memory
# (ping-pong buffers, 7 levels): Y[i] = X[s] + ... + X[i] with s the segment start.
# Level d copies the first 2^d entries and adds entry t - 2^d into entry t for the rest.
kernel scan128(X: f32[N], Y: f32[N]):
    assume N % 128 == 0
    grid N / 128
    threads 128
    tag X[i] = (idx=i)
    tag Y[i] = (idx=range(i - i % 128, i + 1))
    s0 = shared f32[128]
    s1 = shared f32[128]
    copy s0[0 : +128], X[block.x * 128 : +128]
    barrier
    c1 = load s0[0 : +1]
    store s1[0 : +1], c1
    a1 = load s0[1 : +127]
    b1 = load s0[0 : +127]
    a1 = a1 + b1
    store s1[1 : +127], a1
    barrier
    c2 = load s1[0 : +2]
    store s0[0 : +2], c2
    a2 = load s1[2 : +126]
    b2 = load s1[0 : +126]
    a2 = a2 + b2
    store s0[2 : +126], a2
    barrier
    c3 = load s0[0 : +4]
    store s1[0 : +4], c3
    a3 = load s0[4 : +124]
    b3 = load s0[0 : +124]
    a3 = a3 + b3
    store s1[4 : +124], a3
    barrier
    c4 = load s1[0 : +8]
    store s0[0 : +8], c4
    a4 = load s1[8 : +120]
    b4 = load s1[0 : +120]
    a4 = a4 + b4
    store s0[8 : +120], a4
    barrier
    c5 = load s0[0 : +16]
    store s1[0 : +16], c5
    a5 = load s0[16 : +112]
    b5 = load s0[0 : +112]
    a5 = a5 + b5
    store s1[16 : +112], a5
    barrier
    c6 = load s1[0 : +32]
    store s0[0 : +32], c6
    a6 = load s1[32 : +96]
    b6 = load s1[0 : +96]
    a6 = a6 + b6
    store s0[32 : +96], a6
    barrier
    c7 = load s0[0 : +64]
    store s1[0 : +64], c7
    a7 = load s0[64 : +64]
    b7 = load s0[0 : +64]
    a7 = a7 + b7
    store s1[64 : +64], a7
    barrier
    y = load s1[0 : +128]
    assert tag(y[j]).idx == range(block.x * 128, block.x * 128 + j + 1)
    store Y[block.x * 128 : +128], y
