# A ReLU and a clamp of masked rows, then row sums: the padding is -inf, which
# where(x > 0.0, x, 0.0) and maximum(..., 0.0) turn into 0.0, the identity of the sum
# (encode/fill_point.py evaluates the math at the padding). C need not be a tile multiple.
kernel relu_rowsum_masked(X: f32[R, C], S: f32[R], T: f32[R]):
    assume R >= 1 and C >= 1
    const BR, BC = 4, 64
    grid ((R + BR - 1) / BR)
    threads 64
    tag X[r, c] = (row=r, col=c)
    tag S[r] = (row=r, col=range(0, C))
    tag T[r] = (row=r, col=range(0, C))
    acc = zeros f32[BR]
    bcc = zeros f32[BR]
    for ct in range((C + BC - 1) / BC):
        x = load X[block.x * BR : +BR, ct * BC : +BC] masked(fill=-inf)
        acc = acc + sum(where(x > 0.0, x, 0.0), axis=1)
        bcc = bcc + sum(maximum(minimum(x, 6.0), 0.0) * 2.0, axis=1)
    store S[block.x * BR : +BR], acc masked
    store T[block.x * BR : +BR], bcc masked
