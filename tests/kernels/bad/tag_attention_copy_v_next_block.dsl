# Buggy sibling of tests/verify/kernels/attention_running_max_copy.dsl: V is read one key
# block ahead of K. (The coverage claim on the output is left out: with V shifted its
# quantified query runs into the solver's timeout, which would make the report depend on the
# machine.)
kernel attn_v_next_block(Q: f32[S, 32], KT: f32[32, S], V: f32[S, 32], O: f32[S, 32]):
    assume S % 32 == 0
    grid (S / 32)
    threads 128
    tag Q[t, d] = (query=t, d=d)
    tag KT[d, s] = (d=d, key=s)
    tag V[s, e] = (key=s, vkey=s, col=e)
    tag O[t, e] = (query=t)
    q = load Q[block.x * 32 : +32, 0 : +32]
    z = zeros f32[32, 32]
    m0 = zeros f32[32]
    m = m0 - inf
    l = zeros f32[32]
    acc = zeros f32[32, 32]
    for jt in range(S / 32):
        k = load KT[0 : +32, jt * 32 : +32]
        v = load V[(jt + 1) % (S / 32) * 32 : +32, 0 : +32]
        assert tag(k[d, j]).key == tag(v[j, e]).key  #! error[TAG]
        s = mma(q, k, z)
        m_new = maximum(m, max(s, axis=1))
        p = exp(s - bcast(m_new, axis=1, n=32))
        alpha = exp(m - m_new)
        l = l * alpha + sum(p, axis=1)
        acc = acc * bcast(alpha, axis=1, n=32)
        acc = mma(p, v, acc)
        m = m_new
        assert tag(acc[i, e]).query == block.x * 32 + i
    assert tag(m[i]).query == block.x * 32 + i and covers(tag(m[i]).key, 0, S)
    o = acc / bcast(l, axis=1, n=32)
    store O[block.x * 32 : +32, 0 : +32], o
