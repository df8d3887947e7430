# p's inner writer runs only for elements whose owner is thread < 32 (default layout,
# 128 threads: p[r, c] is done by thread (r * 64 + c) % 128): odd rows keep the outer
# p = maximum(x, -3.0), whose data lies below the 0.0 column-tail fill.
kernel k02(X: f32[R, C], Y: f32[R]):
    assume R % 32 == 0 and C >= 1 and C <= 64
    const BR, BC = 32, 64
    grid (R / BR)
    threads 128
    tag X[r, c] = (row=r, col=c)
    tag Y[r] = (row=r)
    x = load X[block.x * BR : +BR, 0 : +BC] masked(fill=0.0)
    p = maximum(x, -3.0)
    if thread.x < 32:
        p = maximum(x, 0.0)
        m = max(p, axis=1)
        store Y[block.x * BR : +BR], m
