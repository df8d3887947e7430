# Held-out round 82: a data bound that did not hold (a 16-bit tile's rounding, two tiles
# computed alike from a tile written twice, integer math that wraps) under sqrt, rsqrt or log.
# RMSNorm in f16 with eps 1e-8 kept in an f16 tile: Y[r, c] = X[r, c] * rsqrt(sum_c' X^2 / C + 1e-8)
# for c < C, zeros for C <= c < 64 (tag).
kernel f16_rms_eps(X: f16[R, C], Y: f16[R, 64]):
    assume R % 4 == 0 and C >= 1 and C <= 64
    grid (R / 4)
    threads 128
    tag X[r, c] = (row=r, col=c)
    tag Y[r, c] = (row=r) if c < C
    x = load X[block.x * 4 : +4, 0 : +64] masked(fill=0.0)
    ms = sum(x * x, axis=1) / C
    v = ms + 1e-8
    y = x * bcast(rsqrt(v), axis=1, n=64)
    store Y[block.x * 4 : +4, 0 : +64], y
