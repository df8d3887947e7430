# New-user round 53: a Hillis-Steele scan of 128-element rows (7 levels, ping-pong buffers); the
# records each path through the levels gives one element are one record (encode/tagval._joined).
kernel scan128_rows(X: f32[R, 128], Y: f32[R, 128]):
    const T = 128
    grid (R)
    threads 128
    tag X[r, c] = (row=r, col=c)
    tag Y[r, c] = (row=r, col=range(0, c + 1))
    s0 = shared f32[T]
    s1 = shared f32[T]
    copy s0[0 : +T], X[block.x, 0 : +T]
    barrier
    l0 = load s0[0 : +1]
    store s1[0 : +1], l0
    a0 = load s0[1 : +127]
    b0 = load s0[0 : +127]
    a0 = a0 + b0
    store s1[1 : +127], a0
    barrier
    l1 = load s1[0 : +2]
    store s0[0 : +2], l1
    a1 = load s1[2 : +126]
    b1 = load s1[0 : +126]
    a1 = a1 + b1
    store s0[2 : +126], a1
    barrier
    l2 = load s0[0 : +4]
    store s1[0 : +4], l2
    a2 = load s0[4 : +124]
    b2 = load s0[0 : +124]
    a2 = a2 + b2
    store s1[4 : +124], a2
    barrier
    l3 = load s1[0 : +8]
    store s0[0 : +8], l3
    a3 = load s1[8 : +120]
    b3 = load s1[0 : +120]
    a3 = a3 + b3
    store s0[8 : +120], a3
    barrier
    l4 = load s0[0 : +16]
    store s1[0 : +16], l4
    a4 = load s0[16 : +112]
    b4 = load s0[0 : +112]
    a4 = a4 + b4
    store s1[16 : +112], a4
    barrier
    l5 = load s1[0 : +32]
    store s0[0 : +32], l5
    a5 = load s1[32 : +96]
    b5 = load s1[0 : +96]
    a5 = a5 + b5
    store s0[32 : +96], a5
    barrier
    l6 = load s0[0 : +64]
    store s1[0 : +64], l6
    a6 = load s0[64 : +64]
    b6 = load s0[0 : +64]
    a6 = a6 + b6
    store s1[64 : +64], a6
    barrier
    y = load s1[0 : +T]
    store Y[block.x, 0 : +T], y
