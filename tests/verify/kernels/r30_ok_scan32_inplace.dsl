# Inclusive prefix sum within each 32-element segment (Hillis-Steele, ping-pong buffers), each level
# an update in place (`a = a + b` adds b's records to a's); new-user round 30 wrote `c = a + b`, which
# pairs records (never_proved/r30_scan32_new_tile_pairs.dsl).
kernel scan32(X: f32[N], Y: f32[N]):
    assume N % 32 == 0
    grid N / 32
    threads 32
    tag X[i] = (idx=i)
    tag Y[i] = (idx=range(i - i % 32, i + 1))
    s0 = shared f32[32]
    s1 = shared f32[32]
    copy s0[0 : +32], X[block.x * 32 : +32]
    barrier
    l1 = load s0[0 : +1]
    store s1[0 : +1], l1
    a1 = load s0[1 : +31]
    b1 = load s0[0 : +31]
    a1 = a1 + b1
    store s1[1 : +31], a1
    barrier
    l2 = load s1[0 : +2]
    store s0[0 : +2], l2
    a2 = load s1[2 : +30]
    b2 = load s1[0 : +30]
    a2 = a2 + b2
    store s0[2 : +30], a2
    barrier
    l3 = load s0[0 : +4]
    store s1[0 : +4], l3
    a3 = load s0[4 : +28]
    b3 = load s0[0 : +28]
    a3 = a3 + b3
    store s1[4 : +28], a3
    barrier
    l4 = load s1[0 : +8]
    store s0[0 : +8], l4
    a4 = load s1[8 : +24]
    b4 = load s1[0 : +24]
    a4 = a4 + b4
    store s0[8 : +24], a4
    barrier
    l5 = load s0[0 : +16]
    store s1[0 : +16], l5
    a5 = load s0[16 : +16]
    b5 = load s0[0 : +16]
    a5 = a5 + b5
    store s1[16 : +16], a5
    barrier
    y = load s1[0 : +32]
    assert tag(y[j]).idx == range(block.x * 32, block.x * 32 + j + 1)
    store Y[block.x * 32 : +32], y
