# A running maximum started from a constant (zeros - inf) and combined with scores of the
# wrong query rows: maximum(-inf, x) is x, so p carries the scores' records and the claim on
# p's query must fail (it held vacuously when the constant paired as no contribution).
kernel zp(Q: f32[S, 32], KT: f32[32, S], O: f32[S, 32]):
    assume S % 64 == 0
    grid (S / 32)
    threads 128
    tag Q[t, d] = (query=t, d=d)
    tag KT[d, s] = (d=d, key=s)
    tag O[t, e] = (query=t)
    q = load Q[(block.x + 1) % (S / 32) * 32 : +32, 0 : +32]
    z = zeros f32[32, 32]
    k = load KT[0 : +32, 0 : +32]
    s = mma(q, k, z)
    m0 = zeros f32[32]
    m = m0 - inf
    mm = maximum(m, max(s, axis=1))
    p = exp(s - bcast(mm, axis=1, n=32))
    assert tag(p[i, j]).query == block.x * 32 + i  #! error[TAG]
    store O[block.x * 32 : +32, 0 : +32], p  #! error[TAG]
