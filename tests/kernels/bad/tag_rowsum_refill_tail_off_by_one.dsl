# Buggy sibling of tests/verify/kernels/rowsum_refill_tail.dsl: the re-mask keeps column C
# (<= instead of <), so the load's 1.0 padding there reaches the sum (TAG at the sum).
kernel rowsum_refill_tail_off_by_one(X: f32[R, C], Y: f32[R]):
    assume R % 4 == 0 and C >= 1
    const BR, BC = 4, 128
    grid (R / BR)
    threads 128
    tag X[r, c] = (row=r, col=c)
    tag Y[r] = (row=r)
    s = zeros f32[BR]
    for ct in range((C + BC - 1) / BC):
        x = load X[block.x * BR : +BR, ct * BC : +BC] masked(fill=1.0)
        xm = mask(x, ct * BC + index(x, axis=1) <= C, fill=0.0)
        s = s + sum(xm, axis=1)  #! error[TAG]
    assert tag(s[i]).row == block.x * BR + i and tag(s[i]).col == range(0, C)
    store Y[block.x * BR : +BR], s
