# New-user round 59: a two-pass kernel whose temporary t = x * x is assigned in both column
# loops: the second pass reads its own iteration's t (its padding places stand), as it would a
# reload; it was unknown where a renamed t2 proved.
kernel twopass_temp(X: f32[R, C], Y: f32[R, C]):
    assume R % 4 == 0 and C >= 1
    const BR, BC = 4, 128
    grid (R / BR)
    threads 128
    tag X[r, c] = (row=r, col=c)
    tag Y[r, c] = (row=r)
    s = zeros f32[BR]
    for ct in range((C + BC - 1) / BC):
        x = load X[block.x * BR : +BR, ct * BC : +BC] masked(fill=0.0)
        t = x * x
        s = s + sum(t, axis=1)
    for ct in range((C + BC - 1) / BC):
        x = load X[block.x * BR : +BR, ct * BC : +BC] masked(fill=0.0)
        t = x * x
        y = t - x
        store Y[block.x * BR : +BR, ct * BC : +BC], y masked
