# One temporary name, p = maximum(x, 0.0), computed in each of two loops over the rows, and a
# column max started at 0.0: START reads p's bound through both writers (a choice between
# them), each +0.0 or more, so the start is a floor of the data and no warning is due.
kernel relu_colmax_two_passes_zero_start(X: f32[R, C], Mx: f32[C], Sx: f32[C]):
    assume C % 64 == 0 and R >= 1
    const BR, BC = 32, 64
    grid (C / BC)
    threads 64
    tag X[r, c] = (row=r, col=c)
    tag Mx[c] = (col=c)
    tag Sx[c] = (row=range(0, R), col=c)
    z = zeros f32[BC]
    m = z
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
