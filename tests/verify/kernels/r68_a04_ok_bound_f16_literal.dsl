# row max of cast(cast(maximum(x, 1e-8), f16), f32) with column 0 masked to 5e-9: data_bound (dsl/pad_values._lower)
# looks through the f16 cast and says every value is >= 1e-8, so 5e-9 passes as below the data; but f16 holds
# 1e-8 as 0.0, and the padding wins in every row whose data is all below 1e-8
kernel k_a04ok(X: f32[R, C], S: f32[R]):
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
        acc = maximum(acc, max(mask(cast(cast(maximum(x, 1e-8), f16), f32), ct * BC + index(x, axis=1) >= 1, fill=-1.0), axis=1))
    store S[block.x * BR : +BR], acc masked
