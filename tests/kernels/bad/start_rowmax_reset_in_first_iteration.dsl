# Held-out round 128: `if ct == 0: m = z + 0.0` inside the loop, before the update: rows of
# negative values come out 0.0.
kernel rowmax(X: f32[R, C], Y: f32[R]):
    assume R % 4 == 0 and C % 32 == 0 and C >= 32
    const BR, BC = 4, 32
    grid (R / BR)
    threads 128
    tag X[r, c] = (row=r, col=c)
    tag Y[r] = (row=r, col=range(0, C))
    z = zeros f32[BR]
    m = z - inf
    for ct in range(C / BC):
        x = load X[block.x * BR : +BR, ct * BC : +BC]
        if ct == 0:
            m = z + 0.0
        m = maximum(m, max(0.0 - exp(x), axis=1))  #! warning[START]
    store Y[block.x * BR : +BR], m
