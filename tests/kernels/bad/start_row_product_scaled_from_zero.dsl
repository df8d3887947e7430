# A running product written `-(p * s * 2.0)`, started at 0.0: every output is 0.0 (START saw only
# `p * e`: issue 17).
kernel rowprod(X: f32[R, C], Y: f32[R]):
    assume R % 4 == 0
    grid (R / 4)
    threads 4
    tag X[r, c] = (row=r, col=c)
    tag Y[r] = (row=r)
    p = zeros f32[4]
    for c in range(C):
        x = load X[block.x * 4 : +4, c : +1]
        p = -(p * sum(x, axis=1) * 2.0)  #! warning[START]
    store Y[block.x * 4 : +4], p
