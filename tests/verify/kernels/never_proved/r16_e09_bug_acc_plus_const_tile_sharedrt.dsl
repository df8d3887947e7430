# acc = zeros; acc = acc + x; acc = acc + h, h = 1.0 tile staged through shared memory.
kernel e09_bug_acc_plus_const_tile_sharedrt(X: f32[R, 200], Y: f32[R]):
    assume R % 4 == 0
    const BR, BC = 4, 256
    grid (R / BR)
    threads 128
    tag X[r, c] = (row=r, col=c)
    tag Y[r] = (row=r)
    x = load X[block.x * BR : +BR, 0 : +BC] masked(fill=0.0)
    sH = shared f32[BR, BC]
    z = zeros f32[BR, BC]
    h0 = z + 1.0
    store sH[0 : +BR, 0 : +BC], h0
    barrier
    h = load sH[0 : +BR, 0 : +BC]
    acc = zeros f32[BR, BC]
    acc = acc + x
    acc = acc + h
    tm = acc
    s = sum(tm, axis=1)
    store Y[block.x * BR : +BR], s
