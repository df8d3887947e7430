# In place: X = X * alpha + beta elementwise (alpha = 2, beta = 1), any N, masked tail.
kernel inplace_scale(X: f32[N]):
    assume N >= 1
    const B = 512
    grid (N + B - 1) / B
    threads 256
    tag X[i] = (idx=i)
    x = load X[block.x * B : +B] masked(fill=0.0)
    assert tag(x[i]).idx == block.x * B + i
    y = x * 2.0 + 1.0
    store X[block.x * B : +B], y masked
