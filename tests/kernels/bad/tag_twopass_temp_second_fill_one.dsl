# r59_ok_twopass_temp with a second pass whose load is filled with 1.0 and whose t is summed:
# the padding reaches that sum as 1.0 (the first pass's sum of its own t is not blamed).
kernel twopass_temp(X: f32[R, C], Y: f32[R, C], S: f32[R]):
    assume R % 4 == 0 and C >= 1
    const BR, BC = 4, 128
    grid (R / BR)
    threads 128
    tag X[r, c] = (row=r, col=c)
    tag Y[r, c] = (row=r)
    tag S[r] = (row=r)
    s = zeros f32[BR]
    for ct in range((C + BC - 1) / BC):
        x = load X[block.x * BR : +BR, ct * BC : +BC] masked(fill=0.0)
        t = x * x
        s = s + sum(t, axis=1)
    s2 = zeros f32[BR]
    for ct in range((C + BC - 1) / BC):
        x = load X[block.x * BR : +BR, ct * BC : +BC] masked(fill=1.0)
        t = x * x
        s2 = s2 + sum(t, axis=1)  #! error[TAG]
        y = t - x
        store Y[block.x * BR : +BR, ct * BC : +BC], y masked
    tot = s + s2
    store S[block.x * BR : +BR], tot
