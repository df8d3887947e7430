# Held-out round 78: an infinite padding compared with an infinite literal (true, not false).
# V[i] (4 copies) = the number of c < C with S[c] == inf; the padding inf of columns past C equals
# inf too and is counted (64 - C extra)
kernel p15(S: f32[C], V: f32[4]):
    assume C >= 1 and C <= 64
    grid (1)
    threads 64
    tag S[c] = (col=c)
    s = load S[0 : +64] masked(fill=inf)
    z = zeros f32[4, 64]
    k = sum(mask(z + 1.0, bcast(s, axis=0, n=4) == inf, fill=0.0), axis=1)
    store V[0 : +4], k
