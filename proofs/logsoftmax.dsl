# Row-wise LogSoftmax, numerically safe: y[r, :] = x[r, :] - m - log(sum(exp(x[r, :] - m)))
# with m = max(x[r, :]).
# Optimizations: one block holds BR whole rows in registers; the max and the sum of
# exponentials are row reductions, broadcast back along the row.
kernel logsoftmax(X: f32[R, 1024], Y: f32[R, 1024]):
    assume R % 4 == 0
    const BR, C = 4, 1024
    grid (R / BR)
    threads 256
    tag X[r, c] = (row=r, col=c)
    tag Y[r, c] = (row=r)
    x = load X[block.x * BR : +BR, 0 : +C]
    m = max(x, axis=1)
    assert tag(m[i]).row == block.x * BR + i and tag(m[i]).col == range(0, C)
    d = x - bcast(m, axis=1, n=C)
    l = log(sum(exp(d), axis=1))
    assert tag(l[i]).row == block.x * BR + i
    y = d - bcast(l, axis=1, n=C)
    store Y[block.x * BR : +BR, 0 : +C], y
