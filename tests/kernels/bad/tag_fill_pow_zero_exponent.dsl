# New-user round 44: a row sum of pow(x, 0.0), which is 1.0 at every padded column: the tail
# adds one per padded column. The value at the padding is exact (IEEE sqrt and division;
# C's pow(x, 0) is 1 for any x), so this is a finding, not unknown.
kernel pm_pow0(X: f32[R, C], S: f32[R]):
    assume R >= 1 and C >= 1
    const BR, BC = 4, 64
    grid ((R + BR - 1) / BR)
    threads 64
    tag X[r, c] = (row=r, col=c)
    tag S[r] = (row=r)
    x0 = load X[block.x * BR : +BR, 0 : +BC] masked(fill=0.0)
    s = sum(pow(x0, 0.0), axis=1)  #! error[TAG]
    for ct in range(1, (C + BC - 1) / BC):
        x = load X[block.x * BR : +BR, ct * BC : +BC] masked(fill=0.0)
        s = s + sum(pow(x, 0.0), axis=1)  #! error[TAG]
    store S[block.x * BR : +BR], s masked

