# OK: the fill 1.0 is the least data value itself (1.0 in f32), a tie at a nonzero number
kernel c03_ok(X: f32[R, C], S: f32[R]):
    assume R >= 1 and C % 64 == 0
    const BR, BC = 4, 64
    grid ((R + BR - 1) / BR)
    threads 64
    tag X[r, c] = (row=r, col=c)
    tag S[r] = (row=r)
    za = zeros f32[BR]
    acc = za - inf
    for ct in range(C / BC):
        x = load X[block.x * BR : +BR, ct * BC : +BC] masked(fill=-inf)
        acc = maximum(acc, max(mask(maximum(x, 1.0) + 5e-8 + 5e-8 + 5e-8, ct * BC + index(x, axis=1) >= 1, fill=1.0), axis=1))
    o = acc - 1.0
    store S[block.x * BR : +BR], o masked
