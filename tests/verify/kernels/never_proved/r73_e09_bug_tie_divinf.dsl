# BUG: the padding of w / x (x's inf fill, w = bcast(y) < 0) is +0.0 to pad_values.binary (line 297:
# some number over inf), so it "ties" the zeros start of the running max; really w / inf = -0.0,
# which wins over the negative data, and maximum(-0.0, acc) keeps -0.0: 1.0 / acc is -inf, not +inf
kernel e09_bug(X: f32[R, C], Y: f32[R], S: f32[R]):
    assume R >= 1 and R % 4 == 0 and C >= 1
    const BR, BC = 4, 64
    grid (R / BR)
    threads 64
    tag X[r, c] = (row=r, col=c)
    tag Y[r] = (row=r)
    tag S[r] = (row=r)
    acc = zeros f32[BR]
    y = load Y[block.x * BR : +BR]
    w = bcast(y, axis=1, n=BC)
    for ct in range((C + BC - 1) / BC):
        x = load X[block.x * BR : +BR, ct * BC : +BC] masked(fill=inf)
        acc = maximum(max(w / x, axis=1), acc)
    z = where(1.0 / acc > 0.0, 1.0, 2.0)
    store S[block.x * BR : +BR], z
