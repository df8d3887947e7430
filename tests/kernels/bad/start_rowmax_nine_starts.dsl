# Held-out round 128: a `where` of nine constant starts, one of them 0.0 (more than the
# eight tracked starts used to hide them all).
kernel rowmax(X: f32[R, C], Y: f32[R]):
    assume R % 4 == 0 and C % 32 == 0 and C >= 32
    const BR, BC = 4, 32
    grid (R / BR)
    threads 128
    tag X[r, c] = (row=r, col=c)
    tag Y[r] = (row=r, col=range(0, C))
    z = zeros f32[BR]
    m = where(index(z, axis=0) == 0, z + 0.0, where(index(z, axis=0) == 8, z - 1008.0, where(index(z, axis=0) == 7, z - 1007.0, where(index(z, axis=0) == 6, z - 1006.0, where(index(z, axis=0) == 5, z - 1005.0, where(index(z, axis=0) == 4, z - 1004.0, where(index(z, axis=0) == 3, z - 1003.0, where(index(z, axis=0) == 2, z - 1002.0, where(index(z, axis=0) == 1, z - 1001.0, z - inf)))))))))
    for ct in range(C / BC):
        x = load X[block.x * BR : +BR, ct * BC : +BC]
        m = maximum(m, max(0.0 - exp(x), axis=1))  #! warning[START]
    store Y[block.x * BR : +BR], m
