# acc = zeros; acc = acc + x; acc = acc + exp(z) (a tile of ones computed from zeros): padding 1.0.
kernel e16_bug_acc_plus_exp_zeros(X: f32[R, 200], Y: f32[R]):
    assume R % 4 == 0
    const BR, BC = 4, 256
    grid (R / BR)
    threads 128
    tag X[r, c] = (row=r, col=c)
    tag Y[r] = (row=r)
    x = load X[block.x * BR : +BR, 0 : +BC] masked(fill=0.0)
    acc = zeros f32[BR, BC]
    z = zeros f32[BR, BC]
    acc = acc + x
    acc = acc + exp(z)
    tm = acc
    s = sum(tm, axis=1)
    store Y[block.x * BR : +BR], s
