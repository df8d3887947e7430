# Held-out round 82: a data bound that did not hold (a 16-bit tile's rounding, two tiles
# computed alike from a tile written twice, integer math that wraps) under sqrt, rsqrt or log.
# Y[r, c] = X[r, c] * sqrt(s[r]) for c < C, zeros for C <= c < 64 (tag), where s[r] is the
# i32 tile sum over c of maximum(D[r, c], 0) (i32 math wraps, docs/SEMANTICS.md).
kernel i32sum_sqrt(D: i32[R, 64], X: f32[R, C], Y: f32[R, 64]):
    assume R % 4 == 0 and C >= 1 and C <= 64
    grid (R / 4)
    threads 128
    tag D[r, c] = (row=r, col=c)
    tag X[r, c] = (row=r, col=c)
    tag Y[r, c] = (row=r) if c < C
    x = load X[block.x * 4 : +4, 0 : +64] masked(fill=0.0)
    d = load D[block.x * 4 : +4, 0 : +64]
    s = sum(maximum(d, 0), axis=1)
    y = x * bcast(sqrt(cast(s, f32)), axis=1, n=64)
    store Y[block.x * 4 : +4, 0 : +64], y
