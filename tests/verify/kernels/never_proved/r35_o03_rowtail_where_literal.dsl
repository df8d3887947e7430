kernel o03_rowtail_where_literal(X: f32[R, 64], Z: f32[4, 64], W: f32[1]):
    assume R >= 1 and R <= 4
    grid (1)
    threads 256
    x = load X[0 : +4, 0 : +64] masked(fill=1.0)
    z = load Z[0 : +4, 0 : +64]
    y = where(index(x, axis=1) < 60, x, 0.0)
    s = sum(y, axis=1)
    t = s - 64.0
    u = sum(t, axis=0)
    w = reshape(u, shape=(1))
    store W[0 : +1], w
