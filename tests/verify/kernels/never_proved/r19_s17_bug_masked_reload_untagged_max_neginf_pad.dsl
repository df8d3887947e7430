# S gets x fill=-inf; masked reload g; exp(g) has 0 at cols>=200... 1/exp(g) = inf, x pad*inf
kernel s17_bug_masked_reload_untagged_max_neginf_pad(X: f32[R, 200], W: f32[R, 256], Y: f32[R], S: f32[R, 256]):
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
    g = load S[block.x * BR : +BR, 0 : +BC] masked(fill=0.0)
    h = o / exp(g)
    tm = x * h
    s = sum(tm, axis=1)
    store Y[block.x * BR : +BR], s
