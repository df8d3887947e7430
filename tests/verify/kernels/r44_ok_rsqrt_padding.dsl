# New-user round 44: the row sum of x * rsqrt(x * x + 1.0) with columns masked by 0.0. At
# the padding rsqrt(1.0) is exactly 1.0 (IEEE sqrt and division in the lowering), times 0.0:
# the tail adds nothing. Its sibling without the factor x, tests/kernels/bad/
# tag_fill_rsqrt_of_one.dsl, adds 1.0 per padded column.
kernel rsqrt_padding(X: f32[R, C], S: f32[R]):
    assume R >= 1 and C >= 1
    const BR, BC = 4, 64
    grid ((R + BR - 1) / BR)
    threads 64
    tag X[r, c] = (row=r, col=c)
    tag S[r] = (row=r, col=range(0, C))
    s = zeros f32[BR]
    for ct in range((C + BC - 1) / BC):
        x = load X[block.x * BR : +BR, ct * BC : +BC] masked(fill=0.0)
        s = s + sum(x * rsqrt(x * x + 1.0), axis=1)
    store S[block.x * BR : +BR], s masked
