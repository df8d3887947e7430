# New-user round 40: an RMSNorm with a row tail and a column tail, loading `x` in both column
# loops. Each read sees the load of its own iteration, so x's column padding keeps its place
# (named by that loop's ct) and the masked store drops it; with the place lost (two writers
# of x) it was unknown. The sum of squares claims every column of each row inside the
# output (guarded: rows past R are padding).
# RMSNorm for any R and any C, streaming column tiles twice: Y = X * rsqrt(mean(X^2) + eps) * W
kernel rmsnorm_tail(X: f32[R, C], W: f32[C], Y: f32[R, C]):
    assume R >= 1 and C >= 1
    const BR, BC = 4, 128
    grid ((R + BR - 1) / BR)
    threads 128
    tag X[r, c] = (row=r, col=c)
    tag W[c] = (wcol=c)
    tag Y[r, c] = (row=r, wcol=c)
    ss = zeros f32[BR]
    for ct in range((C + BC - 1) / BC):
        x = load X[block.x * BR : +BR, ct * BC : +BC] masked(fill=0.0)
        ss = ss + sum(x * x, axis=1)
    assert block.x * BR + i >= R or covers(tag(ss[i]).col, 0, C)
    inv = rsqrt(ss / cast(C, f32) + 0.00001)
    for ct in range((C + BC - 1) / BC):
        x = load X[block.x * BR : +BR, ct * BC : +BC] masked(fill=0.0)
        w = load W[ct * BC : +BC] masked(fill=0.0)
        y = x * bcast(inv, axis=1, n=BC) * bcast(w, axis=0, n=BR)
        store Y[block.x * BR : +BR, ct * BC : +BC], y masked
