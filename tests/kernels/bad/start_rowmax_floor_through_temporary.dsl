# Held-out round 124: the start, -inf or -5.0 by thread, reaches the running maximum through
# a temporary (`m = a * 1.0`): rows whose values are all below -5.0 come out -5.0.
kernel start_via_temp(X: f32[R, C], Y: f32[R]):
    assume R % 32 == 0 and C >= 1
    const BR, BC = 32, 64
    grid (R / BR)
    threads 128
    tag X[r, c] = (row=r, col=c)
    tag Y[r] = (row=r)
    z = zeros f32[BR]
    a = z - inf
    if thread.x >= 8:
        a = z - 5.0
    m = a * 1.0
    for ct in range((C + BC - 1) / BC):
        x = load X[block.x * BR : +BR, ct * BC : +BC] masked(fill=-inf)
        m = maximum(m, max(x, axis=1))  #! warning[START]
    store Y[block.x * BR : +BR], m
