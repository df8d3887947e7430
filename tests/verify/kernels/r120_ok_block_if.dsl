# Held-out round 120: p written twice, the second writer under a condition on the block,
# which every thread of a block decides alike: the row max in each branch sees that
# branch's writer, whose data lies at or above the 0.0 fill.
kernel r120_ok_block_if(X: f32[R, C], Y: f32[R]):
    assume R % 32 == 0 and C >= 1
    const BR, BC = 32, 64
    grid (R / BR)
    threads 128
    tag X[r, c] = (row=r, col=c)
    tag Y[r] = (row=r)
    z = zeros f32[BR]
    m = z - inf
    for ct in range((C + BC - 1) / BC):
        x = load X[block.x * BR : +BR, ct * BC : +BC] masked(fill=0.0)
        p = maximum(x, -3.0)
        if block.x % 2 == 0:
            p = maximum(x, 0.0)
            m = maximum(m, max(p, axis=1))
        else:
            p = maximum(x, 1.0)
            m = maximum(m, max(p, axis=1))
    store Y[block.x * BR : +BR], m
