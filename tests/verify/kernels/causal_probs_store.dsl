# Causal attention probabilities stored whole: P[t, s] = softmax over s' <= t of the scores,
# 0 above the diagonal. The scores above it are masked to -inf, so the probabilities there are
# exp(-inf) = 0.0 padding, and the row sum l is >= 1 (the maximum's term is exp2(0) = 1): the
# division p / l keeps those zeros 0.0, as the tag function's condition says (held-out round 12
# causal_probs: was unknown, "padding ... meets data in 'y'").
kernel causal_probs_store(Q: f32[T, 32], KT: f32[32, 64], P: f32[T, 64]):
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
    p = exp2(s - bcast(m, axis=1, n=S))
    l = sum(p, axis=1)
    y = p / bcast(l, axis=1, n=S)
    store P[block.x * BM : +BM, 0 : +S], y
