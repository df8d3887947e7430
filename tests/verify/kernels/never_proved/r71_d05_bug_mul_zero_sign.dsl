# BUG: pad_values.binary takes padding 0.0 times some finite number as +0.0; with a negative
# number it is -0.0. At x's 0.0 padding, -1.0 / (x * w) is -inf to the verifier (neutral for max),
# really -1.0 / -0.0 = +inf (w < 0): every row with a column tail reads inf
kernel d05_bug(X: f32[R, C], Y: f32[R], S: f32[R]):
    assume R >= 1 and R % 4 == 0 and C >= 1 and C <= 64
    const BR, BC = 4, 64
    grid (R / BR)
    threads 64
    tag X[r, c] = (row=r, col=c)
    tag Y[r] = (row=r)
    tag S[r] = (row=r)
    x = load X[block.x * BR : +BR, 0 : +BC] masked(fill=0.0)
    y = load Y[block.x * BR : +BR]
    w = bcast(y, axis=1, n=BC)
    m = max(-1.0 / (x * w), axis=1)
    store S[block.x * BR : +BR], m
