# 1-D 1/(c-200) vector reshaped and broadcast over rows: inf at col 200
kernel l05_bug_index_bcast_reshape_recip(X: f32[R, 200], Y: f32[R]):
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
    z1 = zeros f32[BC]
    c1 = cast(index(z1, axis=0), f32)
    v = where(c1 < 200.0, z1 + 1.0, (z1 + 1.0) / (c1 - 200.0))
    h = bcast(reshape(v, shape=(BC,)), axis=0, n=BR)
    tm = x * h
    s = sum(tm, axis=1)
    store Y[block.x * BR : +BR], s
