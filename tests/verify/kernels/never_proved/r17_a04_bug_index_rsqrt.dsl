# h = rsqrt(c-200) past 200: rsqrt(0)=inf, 0*inf=NaN
kernel a04_bug_index_rsqrt(X: f32[R, 200], Y: f32[R]):
    assume R % 4 == 0
    const BR, BC = 4, 256
    grid (R / BR)
    threads 128
    tag X[r, c] = (row=r, col=c)
    tag Y[r] = (row=r)
    x = load X[block.x * BR : +BR, 0 : +BC] masked(fill=0.0)
    z = zeros f32[BR, BC]
    o = z + 1.0
    ci = cast(index(z, axis=1), f32)
    h = where(ci < 200.0, o, rsqrt(ci - 200.0))
    tm = x * h
    s = sum(tm, axis=1)
    store Y[block.x * BR : +BR], s
