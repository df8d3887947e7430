kernel d04_exp_neg_plus_inf(X: f32[N], Y: f32[N]):
    assume N >= 1
    const B = 256
    grid (N + B - 1) / B
    threads 256
    tag X[i] = (i=i)
    l = load X[block.x * B - 1 : +B] masked(fill=inf)
    c = load X[block.x * B : +B] masked(fill=-inf)
    y = exp(-(l + c))
    store Y[block.x * B : +B], y masked
