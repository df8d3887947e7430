# k01 with the scale tile staged through shared memory.
kernel k07_bug_padding_times_inf_tile_shared(X: f32[R, 200], Y: f32[R]):
    assume R % 4 == 0
    const BR, BC = 4, 256
    grid (R / BR)
    threads 128
    tag X[r, c] = (row=r, col=c)
    tag Y[r] = (row=r)
    x = load X[block.x * BR : +BR, 0 : +BC] masked(fill=0.0)
    sH = shared f32[BR, BC]
    z = zeros f32[BR, BC]
    o = z + 1.0
    h0 = where(index(z, axis=1) < 200, o, z + inf)
    store sH[0 : +BR, 0 : +BC], h0
    barrier
    h = load sH[0 : +BR, 0 : +BC]
    tm = x * h
    s = sum(tm, axis=1)
    store Y[block.x * BR : +BR], s
