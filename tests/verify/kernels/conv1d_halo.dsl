# 1-D convolution with a 5-tap filter, Y[b, i] = sum_t W[t] * X[b, i + t - 2] (zero padded):
# one block per 128 outputs of one batch row (grid (N/128, Bt)), the input tile with a
# 2-element halo each side (masked at the ends) and the filter staged in shared memory. At
# the ends x0 * w0 is padding (0.0 * w0) that meets data in the sum of the taps: the element
# holds the other taps' records (docs/SEMANTICS.md, "Tags"), though each tap's records range
# over the reduction that picks its weight.
kernel conv1d_halo(X: f32[Bt, N], W: f32[5], Y: f32[Bt, N]):
    assume N % 128 == 0
    const B, BH = 128, 132
    grid (N / B, Bt)
    threads 128
    tag X[b, i] = (bt=b, i=i)
    tag W[t] = (tap=t)
    sx = shared f32[BH]
    sw = shared f32[8]
    copy sx[0 : +BH], X[block.y, block.x * B - 2 : +BH] masked(fill=0.0)
    copy sw[0 : +5], W[0 : +5]
    barrier
    w = load sw[0 : +5]
    wb = bcast(w, axis=0, n=B)
    x0 = load sx[0 : +B]
    x1 = load sx[1 : +B]
    x2 = load sx[2 : +B]
    x3 = load sx[3 : +B]
    x4 = load sx[4 : +B]
    y = x0 * sum(mask(wb, index(wb, axis=1) == 0, fill=0.0), axis=1) + x1 * sum(mask(wb, index(wb, axis=1) == 1, fill=0.0), axis=1) + x2 * sum(mask(wb, index(wb, axis=1) == 2, fill=0.0), axis=1) + x3 * sum(mask(wb, index(wb, axis=1) == 3, fill=0.0), axis=1) + x4 * sum(mask(wb, index(wb, axis=1) == 4, fill=0.0), axis=1)
    assert tag(x2[j]).i == block.x * B + j and tag(x2[j]).bt == block.y
    assert covers(tag(y[j]).i, max(block.x * B + j - 2, 0), min(block.x * B + j + 3, N))
    store Y[block.y, block.x * B : +B], y
