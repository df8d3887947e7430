kernel row_sum(X: f32[R, C], Y: f32[R]):
    assume R % 4 == 0 and C % 64 == 0 and C >= 128
    const BR, BC = 4, 64
    grid ((R + BR - 1) / BR)
    threads 64
    tag X[r, c] = (row=r, col=c)
    tag Y[r] = (row=r)
    s = zeros f32[BR]
    for ct in range(1, C / BC):
        x = load X[block.x * BR : +BR, ct * BC : +BC] masked(fill=0.0)
        s = s + sum(x, axis=1)
    assert block.x * BR + i < R or tag(s[i]).col == range(0, C)
    store Y[block.x * BR : +BR], s masked
