# BUG: a min line of NaN padding (inf - inf) is NaN to the verifier; the lowering's min(acc, nan)
# from +inf keeps +inf, so `t == t` holds and the padded rows get 1.0, not 0.0
kernel f02_bug(S: f32[T, 64], P: f32[T]):
    assume T % 32 == 0
    grid (T / 32)
    threads 128
    tag S[i, j] = (row=i, col=j)
    tag P[i] = (row=i) if i < 16
    s = load S[block.x * 32 : +32, 0 : +64]
    m = mask(s, block.x * 32 + index(s, axis=0) < 16, fill=inf)
    n = m - inf
    t = min(n, axis=1)
    r = where(t == t, 1.0, 0.0)
    store P[block.x * 32 : +32], r
