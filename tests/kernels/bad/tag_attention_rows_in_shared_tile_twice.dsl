# Buggy sibling of tests/verify/kernels/attention_rows_in_shared.dsl: iteration jt adds key
# block jt / 2, so the running output kept in shared memory takes each of the first half of
# the key blocks twice and never sees the second half.
kernel attention_rows_in_shared_tile_twice(Q: f32[S, 16], KT: f32[16, S], V: f32[S, 16], O: f32[S, 16]):
    assume S % 32 == 0
    grid (S / 32)
    threads 32
    tag Q[t, d] = (query=t, d=d)
    tag KT[d, s] = (d=d, key=s)
    tag V[s, e] = (vkey=s, col=e)
    tag O[t, e] = (query=t)
    sm = shared f32[32]
    sl = shared f32[32]
    so = shared f32[32, 16] layout (32, 16):(17, 1)
    l0 = zeros f32[32]
    m0 = l0 - inf
    store sm[0 : +32], m0
    store sl[0 : +32], l0
    z = zeros f32[32, 16] layout (32, 16):(16, 1)
    store so[0 : +32, 0 : +16], z
    q = load Q[block.x * 32 : +32, 0 : +16] layout (32, 16):(16, 1)
    for jt in range(S / 16):
        k = load KT[0 : +16, (jt / 2) * 16 : +16]
        v = load V[(jt / 2) * 16 : +16, 0 : +16]
        assert tag(k[d, j]).key == tag(v[j, e]).vkey
        s = mma(q, k, z)
        m = load sm[0 : +32]
        m_new = maximum(m, max(s, axis=1))
        p = exp(s - bcast(m_new, axis=1, n=16))
        alpha = exp(m - m_new)
        l = load sl[0 : +32]
        l_new = l * alpha + sum(p, axis=1)
        o = load so[0 : +32, 0 : +16] layout (32, 16):(16, 1)
        o = o * bcast(alpha, axis=1, n=16)
        o = mma(p, v, o)
        store so[0 : +32, 0 : +16], o
        store sl[0 : +32], l_new
        store sm[0 : +32], m_new
    acc = load so[0 : +32, 0 : +16] layout (32, 16):(16, 1)
    lsum = load sl[0 : +32]
    assert tag(acc[i, e]).query == block.x * 32 + i and covers(tag(acc[i, e]).vkey, 0, S)  #! error[TAG]
    y = acc / bcast(lsum, axis=1, n=16)
    store O[block.x * 32 : +32, 0 : +16], y
