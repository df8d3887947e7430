# A row softmax streamed over column tiles in three passes (max, sum of exponentials,
# write), for the online-softmax rewrite (tests/agent/test_rewrites_kb.py).
kernel softmax_stream(X: f32[R, C], Y: f32[R, C]):
    assume C % 32 == 0 and C >= 32
    const BC = 32
    grid (R)
    threads 32
    tag X[r, c] = (row=r, col=c)
    tag Y[r, c] = (row=r)
    x0 = load X[block.x : +1, 0 : +BC]
    m = max(x0, axis=1)
    for ct in range(1, C / BC):
        x = load X[block.x : +1, ct * BC : +BC]
        m = maximum(m, max(x, axis=1))
    assert tag(m[i]).row == block.x + i
    l = sum(exp(x0 - bcast(m, axis=1, n=BC)), axis=1)
    for ct in range(1, C / BC):
        x = load X[block.x : +1, ct * BC : +BC]
        l = l + sum(exp(x - bcast(m, axis=1, n=BC)), axis=1)
    for ct in range(C / BC):
        x = load X[block.x : +1, ct * BC : +BC]
        y = exp(x - bcast(m, axis=1, n=BC)) / bcast(l, axis=1, n=BC)
        assert tag(y[i, j]).row == block.x + i
        store Y[block.x : +1, ct * BC : +BC], y
