# Row-wise softmax, numerically safe: y[r, :] = exp(x[r, :] - max(x[r, :])) / sum(...).
# Optimizations: one block holds BR whole rows in registers; the max and the sum are
# row reductions, broadcast back along the row.
kernel softmax(X: f32[R, 1024], Y: f32[R, 1024]):
    assume R % 4 == 0
    const BR, C = 4, 1024
    grid (R / BR)
    threads 256
    tag X[r, c] = (row=r, col=c)
    tag Y[r, c] = (row=r)
    x = load X[block.x * BR + 1 : +BR, 0 : +C]
    m = max(x, axis=1)
    assert tag(m[i]).row == block.x * BR + i and tag(m[i]).col == range(0, C)  #! error[TAG]
    p = exp(x - bcast(m, axis=1, n=C))
    l = sum(p, axis=1)
    assert tag(l[i]).row == block.x * BR + i  #! error[TAG]
    y = p / bcast(l, axis=1, n=C)
    store Y[block.x * BR : +BR, 0 : +C], y  #! error[TAG]
