# Naive attention-forward seed (one head of width 16): O = softmax(Q K^T) V in two passes
# over the key blocks; the first finds each row's max and sum, the second recomputes the
# scores and accumulates the normalised probabilities times V. K is passed transposed.
kernel attention(Q: f32[S, 16], KT: f32[16, S], V: f32[S, 16], O: f32[S, 16]):
    assume S % 16 == 0 and S >= 16
    const BM, BN, D = 16, 16, 16
    grid (S / BM)
    threads 64
    tag Q[t, d] = (query=t, d=d)
    tag KT[d, s] = (d=d, key=s)
    tag V[s, e] = (key=s, vkey=s, col=e)
    tag O[t, e] = (query=t)
    q = load Q[block.x * BM : +BM, 0 : +D]
    z = zeros f32[BM, BN]
    k0 = load KT[0 : +D, 0 : +BN]
    s0 = mma(q, k0, z)
    m = max(s0, axis=1)
    for jt in range(1, S / BN):
        k = load KT[0 : +D, jt * BN : +BN]
        s = mma(q, k, z)
        m = maximum(m, max(s, axis=1))
    l = sum(exp(s0 - bcast(m, axis=1, n=BN)), axis=1)
    for jt in range(1, S / BN):
        k = load KT[0 : +D, jt * BN : +BN]
        s = mma(q, k, z)
        l = l + sum(exp(s - bcast(m, axis=1, n=BN)), axis=1)
    acc = zeros f32[BM, D]
    for jt in range(S / BN):
        k = load KT[0 : +D, jt * BN : +BN]
        v = load V[jt * BN : +BN, 0 : +D]
        assert tag(k[d, j]).key == tag(v[j, e]).key
        assert tag(q[i, d]).d == tag(k[d, j]).d
        s = mma(q, k, z)
        p = exp(s - bcast(m, axis=1, n=BN)) / bcast(l, axis=1, n=BN)
        assert tag(p[i, j]).query == block.x * BM + i
        acc = mma(p, v, acc)
    assert tag(acc[i, e]).query == block.x * BM + i
    assert covers(tag(acc[i, e]).vkey, 0, S)
    store O[block.x * BM : +BM, 0 : +D], acc
