# Buggy sibling of tests/verify/kernels/r40_ok_rmsnorm_two_tails.dsl: x is loaded again,
# filled with 1.0, between its first load and the sum of squares; the sum reads the later
# write, whose padding is 1.0 (a read sees the last write of its iteration).
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
        x = load X[block.x * BR : +BR, ct * BC : +BC] masked(fill=1.0)
        ss = ss + sum(x * x, axis=1)  #! error[TAG]
    inv = rsqrt(ss / cast(C, f32) + 0.00001)
    for ct in range((C + BC - 1) / BC):
        x = load X[block.x * BR : +BR, ct * BC : +BC] masked(fill=0.0)
        w = load W[ct * BC : +BC] masked(fill=0.0)
        y = x * bcast(inv, axis=1, n=BC) * bcast(w, axis=0, n=BR)
        store Y[block.x * BR : +BR, ct * BC : +BC], y masked
