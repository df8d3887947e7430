kernel b12_shared_then_min(X: f32[N], Y: f32[N]):
    assume N >= 1
    const B = 256
    grid (N + B - 1) / B
    threads 256
    tag X[i] = (i=i)
    l = load X[block.x * B - 1 : +B] masked(fill=inf)
    c = load X[block.x * B : +B] masked(fill=-inf)
    s1 = shared f32[B]
    m = maximum(l, c)
    store s1[0 : +B], m
    barrier
    v = load s1[0 : +B]
    y = minimum(v, 5.0)
    store Y[block.x * B : +B], y masked
