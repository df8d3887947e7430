# BUG: data_bound adds the literals in f64: maximum(x, 1.0) + 5e-8 + 5e-8 + 5e-8 is taken to be
# >= 1.00000015, so the fill 1.0000001192092896 (the f32 after 1.0) passes as below the data; but
# in f32 each + 5e-8 rounds back to 1.0, and the padding wins every row whose data is below 1.0 (S = 2^-23, not 0)
kernel c03_bug(X: f32[R, C], S: f32[R]):
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
        acc = maximum(acc, max(mask(maximum(x, 1.0) + 5e-8 + 5e-8 + 5e-8, ct * BC + index(x, axis=1) >= 1, fill=1.0000001192092896), axis=1))
    o = acc - 1.0
    store S[block.x * BR : +BR], o masked
