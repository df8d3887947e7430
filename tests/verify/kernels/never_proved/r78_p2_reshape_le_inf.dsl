# Held-out round 78: an infinite padding compared with an infinite literal (true, not false).
# V[i] = the number of entries S[c], 16 i <= c < 16 i + 16, c < C, that are not NaN, written
# `x <= inf`; the padding inf of columns past C satisfies it (inf <= inf) and is counted
kernel p2(S: f32[C], V: f32[4]):
    assume C >= 1 and C <= 64
    grid (1)
    threads 64
    tag S[c] = (col=c)
    s = load S[0 : +64] masked(fill=inf)
    z = zeros f32[4, 16]
    k = sum(mask(z + 1.0, reshape(s, shape=(4, 16)) <= inf, fill=0.0), axis=1)
    store V[0 : +4], k
