# proofs/causal_attention.dsl stopping the key loop before the diagonal block: the rows of
# query block x > 0 never see the keys of their own block.
kernel causal_attention(Q: f32[S, 64], KT: f32[64, S], V: f32[S, 64], O: f32[S, 64]):
    assume S % 64 == 0 and S >= 64
    const BM, BN, D = 64, 64, 64
    grid (S / BM)
    threads 128
    tag Q[t, d] = (query=t, d=d)
    tag KT[d, s] = (d=d, key=s)
    tag V[s, e] = (key=s, vkey=s, col=e)
    tag O[t, e] = (query=t)
    q = load Q[block.x * BM : +BM, 0 : +D]
    z = zeros f32[BM, BN]
    k0 = load KT[0 : +D, 0 : +BN]
    v0 = load V[0 : +BN, 0 : +D]
    sr0 = mma(q, k0, z)
    s0 = mask(sr0, index(sr0, axis=1) <= block.x * BM + index(sr0, axis=0), fill=-inf)
    m = max(s0, axis=1)
    p0 = exp(s0 - bcast(m, axis=1, n=BN))
    l = sum(p0, axis=1)
    acc = zeros f32[BM, D]
    acc = mma(p0, v0, acc)
    for jt in range(1, block.x):
        k = load KT[0 : +D, jt * BN : +BN]
        v = load V[jt * BN : +BN, 0 : +D]
        assert tag(k[d, j]).key == tag(v[j, e]).key
        sr = mma(q, k, z)
        s = mask(sr, jt * BN + index(sr, axis=1) <= block.x * BM + index(sr, axis=0), fill=-inf)
        m_prev = m
        m = maximum(m, max(s, axis=1))
        p = exp(s - bcast(m, axis=1, n=BN))
        assert tag(p[i, j]).key <= block.x * BM + i and tag(p[i, j]).query == block.x * BM + i
        alpha = exp(m_prev - m)
        l = l * alpha + sum(p, axis=1)
        acc = acc * bcast(alpha, axis=1, n=D)
        acc = mma(p, v, acc)
    assert covers(tag(acc[i, e]).vkey, 0, block.x * BM + i + 1)  #! error[TAG]
    o = acc / bcast(l, axis=1, n=D)
    store O[block.x * BM : +BM, 0 : +D], o
