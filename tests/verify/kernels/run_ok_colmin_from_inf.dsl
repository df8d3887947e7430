# Column minimum of a tall matrix by a running elementwise minimum over row tiles, then a
# min down the tile's rows; any R. The running tile starts at +inf (min's identity) and the
# row tail is padded with +inf, so padded rows never win.
kernel colmin_running(X: f32[R, C], Y: f32[C]):
    assume C % 32 == 0 and R >= 1
    const BR, BC = 16, 32
    grid C / BC
    threads 128
    tag X[r, c] = (row=r, col=c)
    tag Y[c] = (col=c)
    z = zeros f32[BR, BC]
    m = z + inf
    for rt in range((R + BR - 1) / BR):
        x = load X[rt * BR : +BR, block.x * BC : +BC] masked(fill=inf)
        m = minimum(x, m)
    y = min(m, axis=0)
    store Y[block.x * BC : +BC], y
