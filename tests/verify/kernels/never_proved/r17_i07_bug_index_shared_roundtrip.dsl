# 1/(c-200) tile staged through shared memory: inf at col 200
kernel i07_bug_index_shared_roundtrip(X: f32[R, 200], Y: f32[R]):
    assume R % 4 == 0
    const BR, BC = 4, 256
    grid (R / BR)
    threads 128
    tag X[r, c] = (row=r, col=c)
    tag Y[r] = (row=r)
    x = load X[block.x * BR : +BR, 0 : +BC] masked(fill=0.0)
    z = zeros f32[BR, BC]
    o = z + 1.0
    ci = cast(index(z, axis=1), f32)
    sh = shared f32[BR, BC]
    h0 = where(ci < 200.0, o, o / (ci - 200.0))
    store sh[0 : +BR, 0 : +BC], h0
    barrier
    h = load sh[0 : +BR, 0 : +BC]
    tm = x * h
    s = sum(tm, axis=1)
    store Y[block.x * BR : +BR], s
