# f16 row sum of w (cols<56) and 200 x 1000 = 2e5: inf in f16; padding * inf = NaN
kernel p27_bug_f16_sum_overflow(X: f32[R, 200], W: f32[R, 256], Y: f32[R]):
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
    wh = cast(w, f16)
    zh = zeros f16[BR, BC]
    gh = where(ci < 56.0, wh, zh + 1000.0)
    sh = sum(gh, axis=1)
    tm = x * cast(bcast(sh, axis=1, n=BC), f32)
    s = sum(tm, axis=1)
    store Y[block.x * BR : +BR], s
