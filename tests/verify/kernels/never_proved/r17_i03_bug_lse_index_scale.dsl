# online lse with scores x * (1/(c - C)) style index scale: col == C hits 1/0 inf times padding? uses 0.0-filled load
kernel i03_bug_lse_index_scale(X: f32[R, C], Y: f32[R]):
    assume R % 4 == 0 and C >= 1
    const BR, BC = 4, 64
    grid (R / BR)
    threads 128
    tag X[r, c] = (row=r, col=c)
    tag Y[r] = (row=r)
    z1 = zeros f32[BR]
    m = z1 - inf
    l = z1
    for ct in range((C + BC - 1) / BC):
        x0 = load X[block.x * BR : +BR, ct * BC : +BC] masked(fill=0.0)
        zz = zeros f32[BR, BC]
        cc = cast(index(zz, axis=1) + ct * BC - C, f32)
        t = x0 * where(cc < 0.0, zz + 1.0, (zz + 1.0) / cc)
        l = l + sum(t, axis=1)
    store Y[block.x * BR : +BR], l
