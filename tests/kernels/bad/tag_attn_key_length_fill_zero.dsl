# Buggy sibling of tests/verify/kernels/r40_ok_attn_key_length.dsl: keys past the length are
# masked to 0.0, not -inf, so they still weigh exp(0 - m) in the softmax.
kernel attn_keypad(Q: f16[NB, T, 32], Kt: f16[NB, 32, 64], V: f16[NB, 64, 32], Len: i32[NB], O: f32[NB, T, 32]):
    assume T % 16 == 0
    assume Len[b] >= 1 and Len[b] <= 64
    const BM, S, D = 16, 64, 32
    grid (T / BM, NB)
    threads 128
    tag Q[b, t, d] = (bat=b, q=t, d=d)
    tag Kt[b, d, s] = (bat=b, d=d, key=s)
    tag V[b, s, e] = (bat=b, vkey=s, e=e)
    tag O[b, t, e] = (bat=b, q=t, e=e)
    q = load Q[block.y, block.x * BM : +BM, 0 : +D]
    k = load Kt[block.y, 0 : +D, 0 : +S]
    assert tag(q[i, kk]).d == tag(k[kk, j]).d
    z = zeros f32[BM, S]
    s1 = mma(q, k, z)
    lt = load Len[block.y : +1]
    lb = reshape(bcast(lt, axis=0, n=BM * S), shape=(BM, S))
    s2 = mask(s1 * 0.125, index(s1, axis=1) < lb, fill=0.0)
    m = max(s2, axis=1)  #! error[TAG]
    p = exp(s2 - bcast(m, axis=1, n=S))
    l = sum(p, axis=1)
    ph = cast(p / bcast(l, axis=1, n=S), f16)
    v = load V[block.y, 0 : +S, 0 : +D]
    z2 = zeros f32[BM, D]
    o = mma(ph, v, z2)
    assert covers(tag(o[i, e]).vkey, 0, Len[block.y])
    store O[block.y, block.x * BM : +BM, 0 : +D], o
