# BUG: fill_parts.reduced gives a max line of NaN padding as NaN; the lowering's max(acc, nan)
# starting at -inf keeps -inf, so `t != t` is false and the padded rows hold 1.0, not 0.0
kernel f01_bug(S: f32[T, 64], P: f32[T]):
    assume T % 32 == 0
    grid (T / 32)
    threads 128
    tag S[i, j] = (row=i, col=j)
    tag P[i] = (row=i) if i < 16
    s = load S[block.x * 32 : +32, 0 : +64]
    m = mask(s, block.x * 32 + index(s, axis=0) < 16, fill=inf)
    n = m - inf
    t = max(n, axis=1)
    r = where(t != t, 0.0, 1.0)
    store P[block.x * 32 : +32], r
