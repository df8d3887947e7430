# S untagged scratch gets x fill=-inf padding; masked reload; x pad 0 * -inf = NaN
kernel s11_bug_masked_reload_untagged_neginf_pad(X: f32[R, 200], W: f32[R, 256], Y: f32[R], S: f32[R, 256]):
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
    xn = load X[block.x * BR : +BR, 0 : +BC] masked(fill=-inf)
    store S[block.x * BR : +BR, 0 : +BC], xn
    barrier
    h = load S[block.x * BR : +BR, 0 : +BC] masked(fill=0.0)
    tm = x * h
    s = sum(tm, axis=1)
    store Y[block.x * BR : +BR], s
