# s0 = 1/((c+256)/512) = inf past col 100: max inf, l NaN
kernel s05_bug_softmax_l_intdiv_recip(X: f32[R, 200], W: f32[R, 256], Y: f32[R]):
    assume R % 4 == 0
    const BR, BC = 4, 256
    grid (R / BR)
    threads 128
    tag X[r, c] = (row=r, col=c)
    tag W[r, c] = (row=r, wcol=c)
    tag Y[r] = (row=r)
    x = load X[block.x * BR : +BR, 0 : +BC] masked(fill=0.0)
    w = load W[block.x * BR : +BR, 0 : +BC]
    z = zeros f32[BR, BC]
    o = z + 1.0
    ci = cast(index(z, axis=1), f32)
    ii = index(z, axis=1)
    s0 = where(ci < 100.0, w, o / cast((index(z, axis=1) + 256) / 512, f32))
    m = max(s0, axis=1)
    e = exp(s0 - bcast(m, axis=1, n=BC))
    l = sum(e, axis=1)
    tm = x / bcast(l, axis=1, n=BC)
    s = sum(tm, axis=1)
    store Y[block.x * BR : +BR], s
