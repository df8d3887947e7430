# Buggy sibling of tests/verify/kernels/stencil3_halo.dsl: the halo is filled with -inf, and
# -inf + c is -inf whatever c is: padding again, so Y[0] and Y[N - 1] hold no input at all.
kernel stencil3_fill_inf(X: f32[N], Y: f32[N]):
    assume N % 256 == 0
    const B, BH = 256, 258
    grid (N / B)
    threads 256
    tag X[i] = (i=i)
    s = shared f32[BH]
    copy s[0 : +BH], X[block.x * B - 1 : +BH] masked(fill=-inf)
    barrier
    l = load s[0 : +B]
    c = load s[1 : +B]
    r = load s[2 : +B]
    y = l + c + r
    assert tag(c[j]).i == block.x * B + j
    assert covers(tag(y[j]).i, max(block.x * B + j - 1, 0), min(block.x * B + j + 2, N))  #! error[TAG]
    store Y[block.x * B : +B], y
