# 1-D 3-point smoothing with zero boundary: Y[i] = (X[i-1] + X[i] + X[i+1]) / 3, X[-1] = X[N] = 0; any N.
kernel smooth3(X: f32[N], Y: f32[N]):
    assume N >= 1
    const B, SB = 256, 258
    grid (N + B - 1) / B
    threads 256
    tag X[i] = (i=i)
    s = shared f32[SB]
    copy s[0 : +SB], X[block.x * B - 1 : +SB] masked(fill=1.0)
    barrier
    l = load s[0 : +B]
    c = load s[1 : +B]
    r = load s[2 : +B]
    assert tag(c[j]).i == block.x * B + j or block.x * B + j >= N
    y = (l + c + r) * 0.3333333333
    store Y[block.x * B : +B], y masked
