# Held-out round 41: attention over a key tail with K's padding filled with 1.0. The padded keys
# are whole columns of the scores (their lines along k are all padding), so the fill only
# makes those columns' values unknown; mask(..., fill=-inf) then replaces them (it was
# refused at the mma: '1.0 where mma needs 0.0').
kernel attention_key_tail(Q: f32[T, 32], K: f32[S, 32], V: f32[S, 32], O: f32[T, 32]):
    assume T % 16 == 0 and S >= 1
    const BM, BN, D = 16, 16, 32
    grid (T / BM)
    threads 64
    tag Q[t, d] = (query=t, d=d)
    tag K[s, d] = (d=d, key=s)
    tag V[s, e] = (vkey=s, col=e)
    tag O[t, e] = (query=t)
    q = load Q[block.x * BM : +BM, 0 : +D]
    z = zeros f32[BM, BN]
    m = max(z, axis=1) - inf
    l = sum(z, axis=1)
    acc = zeros f32[BM, D]
    for jt in range((S + BN - 1) / BN):
        k = load K[jt * BN : +BN, 0 : +D] transposed masked(fill=1.0)
        v = load V[jt * BN : +BN, 0 : +D] masked(fill=0.0)
        s1 = mma(q, k, z)
        s0 = s1 * 0.25
        s = mask(s0, jt * BN + index(s0, axis=1) < S, fill=-inf)
        m_prev = m
        m = maximum(m, max(s, axis=1))
        p = exp(s - bcast(m, axis=1, n=BN))
        alpha = exp(m_prev - m)
        l = l * alpha + sum(p, axis=1)
        acc = acc * bcast(alpha, axis=1, n=D)
        acc = mma(p, v, acc)
    assert covers(tag(acc[i, e]).vkey, 0, S)
    o = acc / bcast(l, axis=1, n=D)
    store O[block.x * BM : +BM, 0 : +D], o
