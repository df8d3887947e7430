# Held-out round 120: p written twice, the second writer under a thread-dependent if that
# only some threads pass; the reduction there reads rows other threads own, which keep
# the first writer's values beyond the fill (was proved: the second writer's bound taken).
kernel k12_bad_thread_if_i32(X: i32[R, C], Y: i32[R]):
    assume R % 32 == 0 and C >= 1
    const BR, BC = 32, 64
    grid (R / BR)
    threads 128
    tag X[r, c] = (row=r, col=c)
    tag Y[r] = (row=r)
    z = zeros i32[BR]
    m = z - 2147483647
    for ct in range((C + BC - 1) / BC):
        x = load X[block.x * BR : +BR, ct * BC : +BC] masked(fill=0)
        p = maximum(x, -3)
        if thread.x < 32:
            p = maximum(x, 0)
            m = maximum(m, max(p, axis=1))
    store Y[block.x * BR : +BR], m
