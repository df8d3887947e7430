# causal_probs_store with the exponent's difference scaled by a negative number: every term is >= 1,
# but the smallest score's exp2 may overflow to inf, and inf / inf is NaN (the row sum's bound is claimed only for exp(s - max(s))).
kernel h3_causal_probs_negative_scale(Q: f32[T, 32], KT: f32[32, 64], P: f32[T, 64]):
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
    p = exp2((s - bcast(m, axis=1, n=S)) * -0.18033688)
    l = sum(p, axis=1)
    y = p / bcast(l, axis=1, n=S)
    store P[block.x * BM : +BM, 0 : +S], y
