# per iteration a row sum with 200 x 1e37 (inf), used as scale: padding*inf
kernel p34_bug_sum_data_const_overflow_loop(X: f32[R, 200], W: f32[R, 256], Y: f32[R]):
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
    sv0 = zeros f32[BR]
    for it in range(2):
        g = where(ci < 56.0, w, z + 1e37)
        sv0 = sum(g, axis=1)
    tm = x * bcast(sv0, axis=1, n=BC)
    s = sum(tm, axis=1)
    store Y[block.x * BR : +BR], s
