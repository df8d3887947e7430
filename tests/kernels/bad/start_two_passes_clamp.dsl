# One temporary name in two loops, and a second running max started at 0.0: that pass's
# p = maximum(x, -3.0) may lie below the start (a column of values under -3 gives -3.0, the
# kernel 0.0); START reads p's bound through both writers, the lower of which is -3.0.
kernel start_two_passes_clamp(X: f32[R, C], Mx: f32[C], Sx: f32[C]):
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
        x = load X[rt * BR : +BR, block.x * BC : +BC] masked(fill=-inf)
        p = maximum(x, 0.0)
        m = maximum(m, max(p, axis=0))
    s = z
    for rt in range((R + BR - 1) / BR):
        x = load X[rt * BR : +BR, block.x * BC : +BC] masked(fill=-inf)
        p = maximum(x, -3.0)
        s = maximum(s, max(p, axis=0))  #! warning[START]
    store Mx[block.x * BC : +BC], m
    store Sx[block.x * BC : +BC], s
