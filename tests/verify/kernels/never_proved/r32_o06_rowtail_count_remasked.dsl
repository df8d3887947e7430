kernel o06_rowtail_count_remasked(X: f32[R, 64], W: f32[1]):
    assume R >= 1 and R <= 4
    grid (1)
    threads 256
    x = load X[0 : +4, 0 : +64] masked(fill=1.0)
    y = mask(x, index(x, axis=1) < 60, fill=0.0)
    s = sum(y, axis=1)
    t = s - 64.0
    u = sum(t, axis=0)
    w = reshape(u, shape=(1))
    store W[0 : +1], w
