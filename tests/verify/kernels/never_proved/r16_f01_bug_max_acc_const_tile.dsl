# m = zeros; m = maximum(m, x); m = maximum(m, h), h = zeros + 1.0 (clamp from below at 1): padding becomes 1.0. Y = sum_c<200 max(X, 1).
kernel f01_bug_max_acc_const_tile(X: f32[R, 200], Y: f32[R]):
    assume R % 4 == 0
    const BR, BC = 4, 256
    grid (R / BR)
    threads 128
    tag X[r, c] = (row=r, col=c)
    tag Y[r] = (row=r)
    x = load X[block.x * BR : +BR, 0 : +BC] masked(fill=0.0)
    m = zeros f32[BR, BC]
    z = zeros f32[BR, BC]
    h = z + 1.0
    m = maximum(m, x)
    m = maximum(m, h)
    tm = m
    s = sum(tm, axis=1)
    store Y[block.x * BR : +BR], s
