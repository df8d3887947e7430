# New-user round 48: causal attention with a per-batch KV length, its length mask off by one
# (`<= Len[b]` keeps key Len[b]). The witness needs Len[0] = 1, which it now lists (inputs
# Len[*] = 1) and the replay uses; with random lengths the claim held and the report said
# the finding was not reproduced.
kernel attn_causal_ragged(Q: f16[NB, 64, 32], Kt: f16[NB, 32, 64], V: f16[NB, 64, 32], Len: i32[NB], O: f32[NB, 64, 32]):
    assume Len[b] >= 1 and Len[b] <= 64
    const BM, S, D = 16, 64, 32
    grid (64 / BM, NB)
    threads 128
    tag Q[b, t, d] = (bat=b, q=t, d=d)
    tag Kt[b, d, s] = (bat=b, d=d, key=s)
    tag V[b, s, e] = (bat=b, vkey=s, e=e)
    tag O[b, t, e] = (bat=b, q=t, e=e)
    q = load Q[block.y, block.x * BM : +BM, 0 : +D]
    k = load Kt[block.y, 0 : +D, 0 : +S]
    assert tag(q[i, kk]).d == tag(k[kk, j]).d and tag(q[i, kk]).bat == tag(k[kk, j]).bat
    z = zeros f32[BM, S]
    s1 = mma(q, k, z)
    lt = load Len[block.y : +1]
    lb = reshape(bcast(lt, axis=0, n=BM * S), shape=(BM, S))
    s2 = mask(s1 * 0.125, index(s1, axis=1) <= lb, fill=-inf)
    s3 = mask(s2, index(s2, axis=1) <= block.x * BM + index(s2, axis=0), fill=-inf)
    m = max(s3, axis=1)
    p = exp(s3 - bcast(m, axis=1, n=S))
    l = sum(p, axis=1)
    ph = cast(p / bcast(l, axis=1, n=S), f16)
    v = load V[block.y, 0 : +S, 0 : +D]
    z2 = zeros f32[BM, D]
    o = mma(ph, v, z2)
    assert covers(tag(o[i, e]).vkey, 0, min(Len[block.y], block.x * BM + i + 1))  #! error[TAG]
    store O[block.y, block.x * BM : +BM, 0 : +D], o
