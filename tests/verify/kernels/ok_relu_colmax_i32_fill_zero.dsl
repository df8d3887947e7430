# Column max of the positive parts of an i32 matrix (no arithmetic, so nothing wraps): the 0
# padding of the row tail and the running start 0 never pass the data.
kernel relu_colmax_i32(X: i32[R, C], Mx: i32[C]):
    assume C % 64 == 0 and R >= 1
    const BR, BC = 32, 64
    grid (C / BC)
    threads 64
    tag X[r, c] = (row=r, col=c)
    tag Mx[c] = (col=c)
    m = zeros i32[BC]
    for rt in range((R + BR - 1) / BR):
        x = load X[rt * BR : +BR, block.x * BC : +BC] masked(fill=0)
        p = where(x > 0, x, 0)
        m = maximum(m, max(p, axis=0))
    assert tag(m[j]).row == range(0, R) and tag(m[j]).col == block.x * BC + j
    store Mx[block.x * BC : +BC], m
