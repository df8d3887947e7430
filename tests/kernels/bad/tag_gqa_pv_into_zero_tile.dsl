# New-user round 53 (grouped-query attention): the P V product goes to the zero score tile z,
# `acc = mma(p, v, z)`, so each key block replaces the accumulator; z and acc are both 64 x 64
# under different constant names (BN, D).
kernel gqa_pv_into_zero_tile(Q: f32[HQ, S, 64], KT: f32[HKV, 64, S], V: f32[HKV, S, 64], O: f32[HQ, S, 64]):
    assume S % 64 == 0 and HQ == 4 * HKV
    const BM, BN, D, G = 64, 64, 64, 4
    grid (S / BM, HQ)
    threads 128
    tag Q[h, t, d] = (head=h, kvh=h / G, query=t, d=d)
    tag KT[g, d, s] = (kvh=g, d=d, key=s)
    tag V[g, s, e] = (kvh=g, key=s, vkey=s, col=e)
    tag O[h, t, e] = (head=h, query=t)
    q = load Q[block.y, block.x * BM : +BM, 0 : +D]
    z = zeros f32[BM, BN]
    zm = zeros f32[BM]
    m = zm - inf
    l = zeros f32[BM]
    acc = zeros f32[BM, D]
    for jt in range(S / BN):
        k = load KT[block.y / G, 0 : +D, jt * BN : +BN]
        v = load V[block.y / G, jt * BN : +BN, 0 : +D]
        assert tag(k[d, j]).key == tag(v[j, e]).key and tag(k[d, j]).kvh == tag(v[j, e]).kvh
        assert tag(q[i, d]).d == tag(k[d, j]).d and tag(q[i, d]).kvh == tag(k[d, j]).kvh
        sr = mma(q, k, z)
        s = sr * 0.125
        m_prev = m
        m = maximum(m, max(s, axis=1))
        p = exp(s - bcast(m, axis=1, n=BN))
        assert tag(p[i, j]).query == block.x * BM + i and tag(p[i, j]).head == block.y
        alpha = exp(m_prev - m)
        l = l * alpha + sum(p, axis=1)
        acc = acc * bcast(alpha, axis=1, n=D)
        acc = mma(p, v, z)
    assert covers(tag(acc[i, e]).vkey, 0, S)  #! error[TAG]
    o = acc / bcast(l, axis=1, n=D)
    store O[block.y, block.x * BM : +BM, 0 : +D], o
