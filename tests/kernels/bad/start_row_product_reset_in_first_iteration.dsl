# Held-out round 128: a running product reset to 0.0 under `if c == 0:` in its loop: every
# product is 0.0.
kernel rowprod(X: f32[R, C], Y: f32[R]):
    assume R % 4 == 0
    grid (R / 4)
    threads 4
    tag X[r, c] = (row=r, col=c)
    tag Y[r] = (row=r)
    z = zeros f32[4]
    p = z + 1.0
    for c in range(C):
        x = load X[block.x * 4 : +4, c : +1]
        if c == 0:
            p = z + 0.0
        p = p * sum(x, axis=1)  #! warning[START]
    store Y[block.x * 4 : +4], p
