# acc = zeros; acc = x + acc; acc = h + acc (operands reversed).
kernel f06_bug_acc_h_plus_acc_reversed(X: f32[R, 200], Y: f32[R]):
    assume R % 4 == 0
    const BR, BC = 4, 256
    grid (R / BR)
    threads 128
    tag X[r, c] = (row=r, col=c)
    tag Y[r] = (row=r)
    x = load X[block.x * BR : +BR, 0 : +BC] masked(fill=0.0)
    z = zeros f32[BR, BC]
    h = z + 1.0
    acc = zeros f32[BR, BC]
    acc = x + acc
    acc = h + acc
    tm = acc
    s = sum(tm, axis=1)
    store Y[block.x * BR : +BR], s
