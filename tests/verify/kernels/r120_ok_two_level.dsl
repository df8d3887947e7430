# Held-out round 120: two levels of temporaries written in two loops (q computed from p,
# each name written in both): each read sees its own loop's writer.
kernel r120_ok_two_level(X: f32[R, C], Y: f32[R], S: f32[R]):
    assume R % 32 == 0 and C >= 1
    const BR, BC = 32, 64
    grid (R / BR)
    threads 128
    tag X[r, c] = (row=r, col=c)
    tag Y[r] = (row=r)
    tag S[r] = (row=r)
    z = zeros f32[BR]
    m = z - inf
    s = z - inf
    for ct in range((C + BC - 1) / BC):
        x = load X[block.x * BR : +BR, ct * BC : +BC] masked(fill=0.0)
        t = maximum(x, 0.0)
        p = t + 1.0
        m = maximum(m, max(p, axis=1))
    for ct in range((C + BC - 1) / BC):
        x = load X[block.x * BR : +BR, ct * BC : +BC] masked(fill=0.0)
        t = maximum(x, 0.5)
        p = t + 1.0
        s = maximum(s, max(p, axis=1))
    store Y[block.x * BR : +BR], m
    store S[block.x * BR : +BR], s
