# New-user round 50: a top-2 per row whose largest element is removed by a mask; padding
# meets data in the running pair (its records not known there), so its covers claim and its
# store are unknown; they were refuted at C = 2, neither reproduced.
# Top-2 values per row (torch.topk(x, 2).values), any C: a block streams column tiles of 8
# rows, finds each tile's largest and second largest (the largest removed at its first
# position), and merges them into the running pair (m1 >= m2).
kernel top2_mask_pad_met_unknown(X: f32[R, C], V1: f32[R], V2: f32[R]):
    assume R % 8 == 0 and C >= 2
    const BR, BC = 8, 64
    grid (R / BR)
    threads 256
    tag X[r, c] = (row=r, col=c)
    tag V1[r] = (row=r, col=range(0, C))
    tag V2[r] = (row=r)
    z = zeros f32[BR]
    m1 = z - inf
    m2 = z - inf
    for ct in range((C + BC - 1) / BC):
        x = load X[block.x * BR : +BR, ct * BC : +BC] masked(fill=-inf)
        t1 = max(x, axis=1)
        cand = where(x == bcast(t1, axis=1, n=BC), index(x, axis=1), 2147483647)
        pos = min(cand, axis=1)
        xr = mask(x, index(x, axis=1) != bcast(pos, axis=1, n=BC), fill=-inf)
        t2 = max(xr, axis=1)
        m2 = maximum(m2, maximum(minimum(m1, t1), t2))
        m1 = maximum(m1, t1)
    assert tag(m2[i]).row == block.x * BR + i
    assert covers(tag(m2[i]).col, 0, C)
    store V1[block.x * BR : +BR], m1
    store V2[block.x * BR : +BR], m2
