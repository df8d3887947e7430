# cause A through reshape: acc = zeros; acc = acc + x; acc = acc + h (h = zeros + 1.0), then reshaped and summed in two steps.
kernel p03_bug_reshape_acc_const_tile(X: f32[R, 200], Y: f32[R]):
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
    acc = acc + x
    acc = acc + h
    r = reshape(acc, shape=(BR, 64, 4))
    tm = sum(r, axis=2)
    s = sum(tm, axis=1)
    store Y[block.x * BR : +BR], s
