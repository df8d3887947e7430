# S gets x fill=-inf; copy sh <- S masked(fill=0.0): walk keeps only the fill; sh cols>=200 = -inf; x pad 0 * -inf = NaN
kernel s19_bug_masked_copy_untagged_neginf_pad(X: f32[R, 200], W: f32[R, 256], Y: f32[R], S: f32[R, 256]):
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
    sh = shared f32[BR, BC]
    xn = load X[block.x * BR : +BR, 0 : +BC] masked(fill=-inf)
    store S[block.x * BR : +BR, 0 : +BC], xn
    barrier
    copy sh[0 : +BR, 0 : +BC], S[block.x * BR : +BR, 0 : +BC] masked(fill=0.0)
    barrier
    h = load sh[0 : +BR, 0 : +BC]
    tm = x * h
    s = sum(tm, axis=1)
    store Y[block.x * BR : +BR], s
