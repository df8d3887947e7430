# Y[i] = X[i-1] + X[i] + X[i+1] (zero outside), 256 outputs per block: the block stages its
# 256 inputs plus one halo element each side in shared memory (masked at the ends). At the
# ends the halo is padding (0.0) meeting data in `l + c + r`: the element holds the other
# two inputs, with their records (docs/SEMANTICS.md, "Tags").
kernel stencil3_halo(X: f32[N], Y: f32[N]):
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
    y = l + c + r
    assert tag(c[j]).i == block.x * B + j
    assert covers(tag(y[j]).i, max(block.x * B + j - 1, 0), min(block.x * B + j + 2, N))
    store Y[block.x * B : +B], y
