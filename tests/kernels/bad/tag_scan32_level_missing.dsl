# Buggy sibling of tests/verify/kernels/r30_ok_scan32_inplace.dsl: the fifth Hillis-Steele level
# (stride 16) is left out, so element j >= 16 sums only X[j - 15 .. j] of its segment.
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
    y = load s0[0 : +32]
    assert tag(y[j]).idx == range(block.x * 32, block.x * 32 + j + 1)   #! error[TAG]
    store Y[block.x * 32 : +32], y   #! error[TAG]
