# A row product whose running value starts at 0.0 (zeros) instead of 1.0: every output is 0.0
# (new-user round 111: a cumulative product started at `z + 0.0` proved).
kernel rowprod(X: f32[R, C], Y: f32[R]):
    assume R % 4 == 0
    grid (R / 4)
    threads 4
    tag X[r, c] = (row=r, col=c)
    tag Y[r] = (row=r)
    p = zeros f32[4]
    for c in range(C):
        x = load X[block.x * 4 : +4, c : +1]
        p = p * sum(x, axis=1)  #! warning[START]
    store Y[block.x * 4 : +4], p
