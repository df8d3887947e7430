# Buggy sibling of tests/verify/kernels/stencil3_halo.dsl: `l * c` where `l + c` was meant.
# At the ends the halo is padding (0.0), and 0.0 * c is 0.0, padding again (no data meets
# it), so y there holds only r: X[0] never reaches Y[0].
kernel stencil3_product(X: f32[N], Y: f32[N]):
    assume N % 256 == 0
    const B, BH = 256, 258
    grid (N / B)
    threads 256
    tag X[i] = (i=i)
    s = shared f32[BH]
    copy s[0 : +BH], X[block.x * B - 1 : +BH] masked(fill=0.0)
    barrier
    l = load s[0 : +B]
    c = load s[1 : +B]
    r = load s[2 : +B]
    y = l * c + r
    assert tag(c[j]).i == block.x * B + j
    assert covers(tag(y[j]).i, max(block.x * B + j - 1, 0), min(block.x * B + j + 2, N))  #! error[TAG]
    store Y[block.x * B : +B], y
