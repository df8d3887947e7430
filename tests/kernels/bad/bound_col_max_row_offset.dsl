# Column maxima with the row tiles shifted by one: the last tile reads row R.
kernel col_max(X: f32[R, C], Mx: f32[C]):
    assume R % 32 == 0 and C % 64 == 0
    const BR, BC = 32, 64
    grid (C / BC)
    threads 64
    tag X[r, c] = (row=r, col=c)
    tag Mx[c] = (col=c)
    z = zeros f32[BC]
    m = z - inf
    for rt in range(R / BR):
        x = load X[rt * BR + 1 : +BR, block.x * BC : +BC]  #! error[BOUND]
        m = maximum(m, max(x, axis=0))
    assert tag(m[j]).row == range(0, R) and tag(m[j]).col == block.x * BC + j  #! error[TAG]
    store Mx[block.x * BC : +BC], m
