# Column max of ReLU(x), a named temporary: padding 0.0 of the row tail, and a running max
# that starts at 0.0, never pass the data (every ReLU value is +0.0 or more, never -0.0).
kernel relu_colmax(X: f32[R, C], Mx: f32[C]):
    assume C % 64 == 0 and R >= 1
    const BR, BC = 32, 64
    grid (C / BC)
    threads 64
    tag X[r, c] = (row=r, col=c)
    tag Mx[c] = (col=c)
    m = zeros f32[BC]
    for rt in range((R + BR - 1) / BR):
        x = load X[rt * BR : +BR, block.x * BC : +BC] masked(fill=0.0)
        p = where(x > 0.0, x, 0.0)
        m = maximum(m, max(p, axis=0))
    assert tag(m[j]).row == range(0, R) and tag(m[j]).col == block.x * BC + j
    store Mx[block.x * BC : +BC], m
