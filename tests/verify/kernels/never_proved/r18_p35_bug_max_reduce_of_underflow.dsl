# row max of (c+1)*1e-50 is 0 in f32: 1/0 = inf
kernel p35_bug_max_reduce_of_underflow(X: f32[R, 200], W: f32[R, 256], Y: f32[R]):
    assume R % 4 == 0
    const BR, BC = 4, 256
    grid (R / BR)
    threads 128
    tag X[r, c] = (row=r, col=c)
    tag W[r, c] = (row=r, wcol=c)
    tag Y[r] = (row=r)
    x = load X[block.x * BR : +BR, 0 : +BC] masked(fill=0.0)
    w = load W[block.x * BR : +BR, 0 : +BC]
    z = zeros f32[BR, BC]
    o = z + 1.0
    ci = cast(index(z, axis=1), f32)
    ii = index(z, axis=1)
    g = (ci + 1.0) * 1e-25 * 1e-25
    m = max(g, axis=1)
    h = where(ci < 200.0, o, o / (bcast(m, axis=1, n=BC) * 1e25 * 1e25))
    tm = x * h
    s = sum(tm, axis=1)
    store Y[block.x * BR : +BR], s
