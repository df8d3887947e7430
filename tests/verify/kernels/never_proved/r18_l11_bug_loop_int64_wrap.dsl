# (it+1)*2^32*2^32 = 0 in int64: 1/0 = inf
kernel l11_bug_loop_int64_wrap(X: f32[R, 200], W: f32[R, 256], Y: f32[R]):
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
    sv = zeros f32[BR]
    for it in range(2):
        h = where(ci < 200.0, o, o / (z + (it + 1) * 4294967296 * 4294967296))
        sv = sv + sum(x * h, axis=1)
    store Y[block.x * BR : +BR], sv
