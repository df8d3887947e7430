# One temporary name, p = maximum(x, 0.0), computed in each of two loops over the rows: the
# column max of the first pass reads a p that is +0.0 or more whichever statement wrote it,
# so the 0.0 padding of the row tail never wins (one writer per tile was required before).
kernel relu_colmax_two_passes(X: f32[R, C], Mx: f32[C], Sx: f32[C]):
    assume C % 64 == 0 and R >= 1
    const BR, BC = 32, 64
    grid (C / BC)
    threads 64
    tag X[r, c] = (row=r, col=c)
    tag Mx[c] = (col=c)
    tag Sx[c] = (row=range(0, R), col=c)
    z = zeros f32[BC]
    m = z - inf
    for rt in range((R + BR - 1) / BR):
        x = load X[rt * BR : +BR, block.x * BC : +BC] masked(fill=0.0)
        p = maximum(x, 0.0)
        m = maximum(m, max(p, axis=0))
    s = zeros f32[BC]
    for rt in range((R + BR - 1) / BR):
        x = load X[rt * BR : +BR, block.x * BC : +BC] masked(fill=0.0)
        p = maximum(x, 0.0)
        s = s + sum(p, axis=0)
    store Mx[block.x * BC : +BC], m
    store Sx[block.x * BC : +BC], s
