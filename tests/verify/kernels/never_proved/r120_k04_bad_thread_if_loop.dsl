# Row max over column tiles; in each iteration p = maximum(x, -3.0), then, under a
# thread condition, p = maximum(x, 0.0) and the running max. The inner writer does only the
# elements of threads < 32 (p[r, c] is thread (r * 64 + c) % 128's): odd rows keep the
# clamp at -3.0, and the 0.0 fill of the column tail wins their max.
kernel k04(X: f32[R, C], Y: f32[R]):
    assume R % 32 == 0 and C >= 1
    const BR, BC = 32, 64
    grid (R / BR)
    threads 128
    tag X[r, c] = (row=r, col=c)
    tag Y[r] = (row=r)
    z = zeros f32[BR]
    m = z - inf
    for ct in range((C + BC - 1) / BC):
        x = load X[block.x * BR : +BR, ct * BC : +BC] masked(fill=0.0)
        p = maximum(x, -3.0)
        if thread.x < 32:
            p = maximum(x, 0.0)
            m = maximum(m, max(p, axis=1))
    store Y[block.x * BR : +BR], m
