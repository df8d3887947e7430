# Column maxima reading the column tile at block.x * BR instead of block.x * BC: in bounds,
# but block x reduces the columns that half-overlap another block's.
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
        x = load X[rt * BR : +BR, block.x * BR : +BC]
        m = maximum(m, max(x, axis=0))
    assert tag(m[j]).row == range(0, R) and tag(m[j]).col == block.x * BC + j  #! error[TAG]
    store Mx[block.x * BC : +BC], m  #! error[TAG]
