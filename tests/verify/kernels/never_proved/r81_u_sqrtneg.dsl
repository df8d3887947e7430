# Held-out round 81: padding meets a function of finite data outside its domain (log or rsqrt
# of 0.0, sqrt of a negative, a remainder by 0.0, pow of 0.0 to a negative power).
# count of columns c < C with not a[c] > sqrt(e - e - 1.0) (inf padding past C must not count)
kernel u_sqrtneg(A: f32[C], D: f32[64], V: f32[4]):
    assume C >= 1 and C <= 64
    grid (1)
    threads 64
    tag A[c] = (col=c)
    tag D[c] = (col=c)
    a = load A[0 : +64] masked(fill=inf)
    d = load D[0 : +64]
    z = zeros f32[4, 64]
    e = bcast(d, axis=0, n=4)
    k = sum(mask(z + 1.0, not (bcast(a, axis=0, n=4) > sqrt(e - e - 1.0)), fill=0.0), axis=1)
    store V[0 : +4], k
