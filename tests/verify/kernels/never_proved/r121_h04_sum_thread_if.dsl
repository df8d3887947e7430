# sum: pad walk takes the thread-guarded writer x * 2.0 (padding 0.0) as p's only writer; elements
# of threads >= 32 keep x + 1.0, whose padding 1.0 is added into every row sum
kernel h04(X: f32[R, C], Y: f32[R]):
    assume R % 32 == 0 and C >= 1 and C <= 64
    const BR, BC = 32, 64
    grid (R / BR)
    threads 128
    tag X[r, c] = (row=r, col=c)
    tag Y[r] = (row=r)
    x = load X[block.x * BR : +BR, 0 : +BC] masked(fill=0.0)
    p = x + 1.0
    if thread.x < 32:
        p = x * 2.0
        m = sum(p, axis=1)
        store Y[block.x * BR : +BR], m
