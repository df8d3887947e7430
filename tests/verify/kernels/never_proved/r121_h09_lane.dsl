# thread.lane guard, store after the if
kernel h09(X: f32[R, C], Y: f32[R]):
    assume R % 32 == 0 and C >= 1 and C <= 64
    const BR, BC = 32, 64
    grid (R / BR)
    threads 128
    tag X[r, c] = (row=r, col=c)
    tag Y[r] = (row=r)
    x = load X[block.x * BR : +BR, 0 : +BC] masked(fill=0.0)
    xi = load X[block.x * BR : +BR, 0 : +BC] masked(fill=-inf)
    m = max(xi, axis=1)
    p = maximum(x, -3.0)
    if thread.lane < 16:
        p = maximum(x - 100.0, -3.0)
        m = max(p, axis=1)
    store Y[block.x * BR : +BR], m
