# Held-out round 82: a data bound that did not hold (a 16-bit tile's rounding, two tiles
# computed alike from a tile written twice, integer math that wraps) under sqrt, rsqrt or log.
# Y[r, c] = X[r, c] * sqrt(A[r] * B[r]) for c < C, zeros for C <= c < 64 (tag).
# p and q are computed by the same text `t + 0.0` from two different loads of t.
kernel sametext_sqrt(A: f32[R], B: f32[R], X: f32[R, C], Y: f32[R, 64]):
    assume R % 4 == 0 and C >= 1 and C <= 64
    grid (R / 4)
    threads 128
    tag A[r] = (row=r)
    tag B[r] = (row=r)
    tag X[r, c] = (row=r, col=c)
    tag Y[r, c] = (row=r) if c < C
    x = load X[block.x * 4 : +4, 0 : +64] masked(fill=0.0)
    t = load A[block.x * 4 : +4]
    p = t + 0.0
    t = load B[block.x * 4 : +4]
    q = t + 0.0
    y = x * bcast(sqrt(p * q), axis=1, n=64)
    store Y[block.x * 4 : +4, 0 : +64], y
