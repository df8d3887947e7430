# min, thread.warp guard: pad walk sees only minimum(x + 100.0, 3.0)'s padding (3.0); the
# elements of warps 1..3 keep minimum(x, 3.0), whose 0.0 padding beats rows above 0
kernel h05(X: f32[R, C], Y: f32[R]):
    assume R % 32 == 0 and C >= 1 and C <= 64
    const BR, BC = 32, 64
    grid (R / BR)
    threads 128
    tag X[r, c] = (row=r, col=c)
    tag Y[r] = (row=r)
    x = load X[block.x * BR : +BR, 0 : +BC] masked(fill=0.0)
    p = minimum(x, 3.0)
    if thread.warp == 0:
        p = minimum(x + 100.0, 3.0)
        m = min(p, axis=1)
        store Y[block.x * BR : +BR], m
