kernel o01_corner_overlap_nan(X: f32[4, C], Y: f32[R, 64], W: f32[1]):
    assume C >= 1 and C <= 64 and R >= 1 and R <= 4
    grid (1)
    threads 256
    x = load X[0 : +4, 0 : +64] masked(fill=inf)
    y = load Y[0 : +4, 0 : +64] masked(fill=inf)
    z = exp(-abs(x - y))
    s = sum(z, axis=1)
    t = sum(s, axis=0)
    u = reshape(t, shape=(1))
    store W[0 : +1], u
