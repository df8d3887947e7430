# Held-out round 80: infinite padding compared with data over data, which may be inf or NaN
# for finite inputs (a divisor of data may be 0.0).
kernel s5_recip_data(A: f32[C], D: f32[64], V: f32[4]):
    assume C >= 1 and C <= 64
    grid (1)
    threads 64
    tag A[c] = (col=c)
    tag D[c] = (col=c)
    a = load A[0 : +64] masked(fill=inf)
    d = load D[0 : +64]
    z = zeros f32[4, 64]
    e = bcast(d, axis=0, n=4)
    k = sum(mask(z + 1.0, bcast(a, axis=0, n=4) <= 1.0 / e, fill=0.0), axis=1)
    store V[0 : +4], k
