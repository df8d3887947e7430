# proofs/flash_attention.dsl claiming V's column field of the accumulator: the rescale
# acc * exp(m_prev - m) merges m's records, which come from Q and KT, without 'col'. The hint
# says so (new-user round 48's grouped-query attention was told no record of V reached it).
kernel flash_rescale_col(Q: f32[S, 64], KT: f32[64, S], V: f32[S, 64], O: f32[S, 64]):
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
    s0 = mma(q, k0, z)
    m = max(s0, axis=1)
    p0 = exp(s0 - bcast(m, axis=1, n=BN))
    l = sum(p0, axis=1)
    acc = zeros f32[BM, D]
    acc = mma(p0, v0, acc)
    for jt in range(1, S / BN):
        k = load KT[0 : +D, jt * BN : +BN]
        v = load V[jt * BN : +BN, 0 : +D]
        assert tag(k[d, j]).key == tag(v[j, e]).key
        assert tag(q[i, d]).d == tag(k[d, j]).d
        s = mma(q, k, z)
        m_prev = m
        m = maximum(m, max(s, axis=1))
        assert tag(m[i]).query == block.x * BM + i and tag(m_prev[i]).query == block.x * BM + i
        p = exp(s - bcast(m, axis=1, n=BN))
        assert tag(p[i, j]).query == block.x * BM + i
        alpha = exp(m_prev - m)
        l = l * alpha + sum(p, axis=1)
        acc = acc * bcast(alpha, axis=1, n=D)
        assert tag(acc[i, e]).query == block.x * BM + i
        acc = mma(p, v, acc)
    assert tag(l[i]).query == block.x * BM + i
    assert tag(acc[i, e]).col == e  #! error[TAG]
    o = acc / bcast(l, axis=1, n=D)
    store O[block.x * BM : +BM, 0 : +D], o
