kernel m02_running_max_fill_inf(X: f32[R, C], Y: f32[R, 64]):
    assume R % 4 == 0 and C >= 1
    const BR, BC = 4, 64
    grid R / BR
    threads 128
    tag X[r, c] = (row=r, col=c)
    zr = zeros f32[BR, BC]
    m = zr - inf
    for ct in range((C + BC - 1) / BC):
        x = load X[block.x * BR : +BR, ct * BC : +BC] masked(fill=inf)
        m = maximum(m, x)
    store Y[block.x * BR : +BR, 0 : +BC], m
