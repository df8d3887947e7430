# BUG (variant of d05, binary's other branch): some finite w < 0 over inf padding is -0.0; binary takes
# NOPAD / inf as +0.0, so -1.0 / (w / x) is -inf to the verifier (neutral for max), really +inf
kernel d08_bug(X: f32[R, C], Y: f32[R], S: f32[R]):
    assume R >= 1 and R % 4 == 0 and C >= 1 and C <= 64
    const BR, BC = 4, 64
    grid (R / BR)
    threads 64
    tag X[r, c] = (row=r, col=c)
    tag Y[r] = (row=r)
    tag S[r] = (row=r)
    x = load X[block.x * BR : +BR, 0 : +BC] masked(fill=inf)
    y = load Y[block.x * BR : +BR]
    w = bcast(y, axis=1, n=BC)
    m = max(-1.0 / (w / x), axis=1)
    store S[block.x * BR : +BR], m
