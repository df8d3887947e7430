# Held-out round 82: a data bound that did not hold (a 16-bit tile's rounding, two tiles
# computed alike from a tile written twice, integer math that wraps) under sqrt, rsqrt or log.
# Y[r, c] = X[r, c] * log(float(abs(D[r]) + 2147483647 in i32)) for c < C, zeros for
# C <= c < 64 (tag). The i32 sum wraps (docs/SEMANTICS.md): it is negative for every D != 0.
kernel i32add_log(D: i32[R], X: f32[R, C], Y: f32[R, 64]):
    assume R % 4 == 0 and C >= 1 and C <= 64
    grid (R / 4)
    threads 128
    tag D[r] = (row=r)
    tag X[r, c] = (row=r, col=c)
    tag Y[r, c] = (row=r) if c < C
    x = load X[block.x * 4 : +4, 0 : +64] masked(fill=0.0)
    d = load D[block.x * 4 : +4]
    y = x * bcast(log(cast(abs(d) + 2147483647, f32)), axis=1, n=64)
    store Y[block.x * 4 : +4, 0 : +64], y
