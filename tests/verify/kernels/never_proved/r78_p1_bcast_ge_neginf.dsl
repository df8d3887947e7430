# Held-out round 78: an infinite padding compared with an infinite literal (true, not false).
# V[i] (4 copies) = the number of entries of S that are not NaN, written `s >= -inf`; the
# padding -inf of columns past C satisfies it too (-inf >= -inf), so V counts 64, not C
kernel p1(S: f32[C], V: f32[4]):
    assume C >= 1 and C <= 64
    grid (1)
    threads 64
    tag S[c] = (col=c)
    s = load S[0 : +64] masked(fill=-inf)
    z = zeros f32[4, 64]
    k = sum(mask(z + 1.0, bcast(s, axis=0, n=4) >= -inf, fill=0.0), axis=1)
    store V[0 : +4], k
