kernel flatmask(X: f32[M, N], Y: f32[M, N]):
    assume N == 32
    const BR = 4
    grid ((M + BR - 1) / BR)
    threads 128
    tag X[r, c] = (row=r, col=c)
    tag Y[r, c] = (row=r, col=c) if r * N + c < M * N - 5
    x = load X[block.x * BR : +BR, 0 : +32] masked(fill=0.0)
    y = where((block.x * BR + index(x, axis=0)) * N + index(x, axis=1) < M * N - 5, x, 0.0)
    store Y[block.x * BR : +BR, 0 : +32], y masked
