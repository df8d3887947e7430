# Column max of |x| through a named temporary (its inline twin max(abs(x)) proved before):
# 0.0 padding of the row tail never passes the data.
kernel abs_colmax(X: f32[R, C], Mx: f32[C]):
    assume C % 64 == 0 and R >= 1
    const BR, BC = 32, 64
    grid (C / BC)
    threads 64
    tag X[r, c] = (row=r, col=c)
    tag Mx[c] = (col=c)
    m = zeros f32[BC]
    for rt in range((R + BR - 1) / BR):
        x = load X[rt * BR : +BR, block.x * BC : +BC] masked(fill=0.0)
        a = abs(x)
        m = maximum(m, max(a, axis=0))
    assert tag(m[j]).row == range(0, R) and tag(m[j]).col == block.x * BC + j
    store Mx[block.x * BC : +BC], m
