kernel o05_coltail_where_other_tile_axis0(X: f32[64, C], Z: f32[64, 4], W: f32[1]):
    assume C >= 1 and C <= 4
    grid (1)
    threads 256
    x = load X[0 : +64, 0 : +4] masked(fill=1.0)
    z = load Z[0 : +64, 0 : +4]
    y = where(index(x, axis=0) < 60, x, z)
    s = sum(y, axis=0)
    t = s - 64.0
    u = sum(t, axis=0)
    w = reshape(u, shape=(1))
    store W[0 : +1], w
