# BUG: pow_at takes pow(0.0, y) = 0.0 for every zero; pow(-0.0, 3.0) is -0.0 (C's pow, NumPy,
# math.pow). At the 0.0 padding of x, 1.0 / -pow(-x, 3.0) is -inf to the verifier (neutral for max),
# really 1.0 / -(-0.0) = +inf: every row with a column tail reads inf
kernel d03_bug(X: f32[R, C], S: f32[R]):
    assume R >= 1 and C >= 1 and C <= 64
    const BR, BC = 4, 64
    grid ((R + BR - 1) / BR)
    threads 64
    tag X[r, c] = (row=r, col=c)
    tag S[r] = (row=r)
    x = load X[block.x * BR : +BR, 0 : +BC] masked(fill=0.0)
    m = max(1.0 / -pow(-x, 3.0), axis=1)
    store S[block.x * BR : +BR], m masked
