# Row maximum over column tiles: a running elementwise maximum from -inf (max's identity),
# the column tail padded with -inf, then a max along the row; any C.
kernel rowmax_running(X: f32[R, C], Y: f32[R]):
    assume R % 8 == 0 and C >= 1
    const BR, BC = 8, 64
    grid R / BR
    threads 256
    tag X[r, c] = (row=r, col=c)
    tag Y[r] = (row=r)
    z = zeros f32[BR, BC]
    m = z - inf
    for ct in range((C + BC - 1) / BC):
        x = load X[block.x * BR : +BR, ct * BC : +BC] masked(fill=-inf)
        m = maximum(m, x)
    y = max(m, axis=1)
    store Y[block.x * BR : +BR], y
