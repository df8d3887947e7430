# h = 1/(z + thread.x - 72) past 200: thread 72 holds col 200 (padding) under the default layout: 0*inf = NaN
kernel m01_bug_thread_reciprocal_t72(X: f32[R, 200], Y: f32[R]):
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
    h = where(ci < 200.0, o, o / (z + thread.x - 72))
    tm = x * h
    s = sum(tm, axis=1)
    store Y[block.x * BR : +BR], s
