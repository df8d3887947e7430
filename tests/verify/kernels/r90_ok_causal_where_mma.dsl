# Held-out round 90 (a false alarm): DSL.md's causal scores, `where(c, s, -inf)` of an mma's
# result into an output whose tag function has a condition. The mma's summed records hold
# none where the where picks -inf: that part of their domain names no summed variable.
kernel causal_scores(Q: f16[T, 32], Kt: f16[32, T], P: f32[T, T]):
    assume T % 16 == 0
    grid (T / 16, T / 16)
    threads 128
    tag Q[t, d] = (q=t, d=d)
    tag Kt[d, s] = (d=d, key=s)
    tag P[t, s] = (q=t, key=s) if s <= t else -inf
    q = load Q[block.x * 16 : +16, 0 : +32]
    k = load Kt[0 : +32, block.y * 16 : +16]
    z = zeros f32[16, 16]
    s = mma(q, k, z)
    p = where(block.y * 16 + index(s, axis=1) <= block.x * 16 + index(s, axis=0), s, -inf)
    store P[block.x * 16 : +16, block.y * 16 : +16], p
