# One temporary name in two loops: the second pass's p = maximum(x, -3.0) may lie below the
# 0.0 fill of the row tail, which wins that pass's column max (the first pass's bound of +0.0
# does not hold for it).
kernel relu_colmax_two_passes(X: f32[R, C], Mx: f32[C], Sx: f32[C]):
    assume C % 64 == 0 and R >= 1
    const BR, BC = 32, 64
    grid (C / BC)
    threads 64
    tag X[r, c] = (row=r, col=c)
    tag Mx[c] = (col=c)
    tag Sx[c] = (col=c)
    z = zeros f32[BC]
    m = z - inf
    for rt in range((R + BR - 1) / BR):
        x = load X[rt * BR : +BR, block.x * BC : +BC] masked(fill=0.0)
        p = maximum(x, 0.0)
        m = maximum(m, max(p, axis=0))
    s = z - inf
    for rt in range((R + BR - 1) / BR):
        x = load X[rt * BR : +BR, block.x * BC : +BC] masked(fill=0.0)
        p = maximum(x, -3.0)
        s = maximum(s, max(p, axis=0))  #! error[TAG]
    store Mx[block.x * BC : +BC], m
    store Sx[block.x * BC : +BC], s
