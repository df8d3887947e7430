# Naive row-softmax seed over rows of 256: one row per block, held in registers.
kernel softmax(X: f32[R, 256], Y: f32[R, 256]):
    const C = 256
    grid (R)
    threads 64
    tag X[r, c] = (row=r, col=c)
    tag Y[r, c] = (row=r)
    x = load X[block.x : +1, 0 : +C]
    m = max(x, axis=1)
    assert tag(m[i]).row == block.x + i and tag(m[i]).col == range(0, C)
    p = exp(x - bcast(m, axis=1, n=C))
    l = sum(p, axis=1)
    y = p / bcast(l, axis=1, n=C)
    assert tag(y[i, j]).row == block.x + i
    store Y[block.x : +1, 0 : +C], y
