# Buggy sibling of tests/verify/kernels/softmax_ragged_zeros.dsl: Y's tag function claims one
# column too many (c <= LEN[r]), where the kernel stores the re-mask's zeros: Y[r, LEN[r]]
# holds no record where the claim needs one.
kernel softmax_ragged_zeros_cond_one_long(X: f32[R, 64], LEN: i32[R], Y: f32[R, 64]):
    assume R % 4 == 0
    assume LEN[r] >= 1 and LEN[r] <= 64
    const BR, C = 4, 64
    grid (R / BR)
    threads 128
    tag X[r, c] = (row=r, col=c)
    tag Y[r, c] = (row=r) if c <= LEN[r]
    x = load X[block.x * BR : +BR, 0 : +C]
    ln = load LEN[block.x * BR : +BR]
    lt = bcast(ln, axis=1, n=C)
    s = mask(x, index(x, axis=1) < lt, fill=-inf)
    m = max(s, axis=1)
    p = exp(s - bcast(m, axis=1, n=C))
    l = sum(p, axis=1)
    y = mask(p / bcast(l, axis=1, n=C), index(x, axis=1) < lt, fill=0.0)
    store Y[block.x * BR : +BR, 0 : +C], y  #! error[TAG]
