# causal_probs_store with the scores scaled after their maximum was taken: m is not the
# maximum of the s the exponent reads, the row sum may be 0 (every term underflows), and 0.0 / 0.0
# above the diagonal is NaN where the tag function says zeros.
kernel h1_causal_probs_rescaled_after_max(Q: f32[T, 32], KT: f32[32, 64], P: f32[T, 64]):
    assume T % 16 == 0 and T <= 64
    const BM, S, D = 16, 64, 32
    grid (T / BM)
    threads 128
    tag Q[t, d] = (query=t, d=d)
    tag KT[d, s] = (d=d, key=s)
    tag P[t, s] = (query=t) if s <= t
    q = load Q[block.x * BM : +BM, 0 : +D]
    k = load KT[0 : +D, 0 : +S]
    z = zeros f32[BM, S]
    acc = mma(q, k, z)
    s = mask(acc * 0.125, index(acc, axis=1) <= block.x * BM + index(acc, axis=0), fill=-inf)
    m = max(s, axis=1)
    s = s * 2.0
    p = exp2(s - bcast(m, axis=1, n=S))
    l = sum(p, axis=1)
    y = p / bcast(l, axis=1, n=S)
    store P[block.x * BM : +BM, 0 : +S], y
