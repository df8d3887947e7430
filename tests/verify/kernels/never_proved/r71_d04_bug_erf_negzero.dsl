# BUG: func_at("erf", v) gives 0.0 for both zeros; erf(-0.0) is -0.0 (math.erf, erff). At the 0.0
# padding of x, 1.0 / -erf(-x) is -inf to the verifier (neutral for max), really +inf
kernel d04_bug(X: f32[R, C], S: f32[R]):
    assume R >= 1 and C >= 1 and C <= 64
    const BR, BC = 4, 64
    grid ((R + BR - 1) / BR)
    threads 64
    tag X[r, c] = (row=r, col=c)
    tag S[r] = (row=r)
    x = load X[block.x * BR : +BR, 0 : +BC] masked(fill=0.0)
    m = max(1.0 / -erf(-x), axis=1)
    store S[block.x * BR : +BR], m masked
