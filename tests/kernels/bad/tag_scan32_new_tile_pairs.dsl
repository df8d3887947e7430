# New-user round 30 scan32 as written: each Hillis-Steele level computes `c = a + b` into a new
# tile, which pairs records into one (docs/SEMANTICS.md), so the last level holds one record where
# range(...) needs j + 1 (the in-place sibling, tests/verify/kernels/r30_ok_scan32_inplace.dsl, proves).
# Its reads once took an impossible "nothing wrote s1" case for unknown. (Y has no tag function: the
# store's own range query, over the same records, needs a quantifier and is slow on a loaded machine.)
kernel scan32(X: f32[N], Y: f32[N]):
    assume N % 32 == 0
    grid N / 32
    threads 32
    tag X[i] = (idx=i)
    s0 = shared f32[32]
    s1 = shared f32[32]
    copy s0[0 : +32], X[block.x * 32 : +32]
    barrier
    l1 = load s0[0 : +1]
    store s1[0 : +1], l1
    a1 = load s0[1 : +31]
    b1 = load s0[0 : +31]
    c1 = a1 + b1
    store s1[1 : +31], c1
    barrier
    l2 = load s1[0 : +2]
    store s0[0 : +2], l2
    a2 = load s1[2 : +30]
    b2 = load s1[0 : +30]
    c2 = a2 + b2
    store s0[2 : +30], c2
    barrier
    l3 = load s0[0 : +4]
    store s1[0 : +4], l3
    a3 = load s0[4 : +28]
    b3 = load s0[0 : +28]
    c3 = a3 + b3
    store s1[4 : +28], c3
    barrier
    l4 = load s1[0 : +8]
    store s0[0 : +8], l4
    a4 = load s1[8 : +24]
    b4 = load s1[0 : +24]
    c4 = a4 + b4
    store s0[8 : +24], c4
    barrier
    l5 = load s0[0 : +16]
    store s1[0 : +16], l5
    a5 = load s0[16 : +16]
    b5 = load s0[0 : +16]
    c5 = a5 + b5
    store s1[16 : +16], c5
    barrier
    y = load s1[0 : +32]
    assert tag(y[j]).idx == range(block.x * 32, block.x * 32 + j + 1)   #! error[TAG]
    store Y[block.x * 32 : +32], y
