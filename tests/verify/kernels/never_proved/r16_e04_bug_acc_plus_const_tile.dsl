# acc2 = zeros; per slice acc2 = acc2 + x and acc2 = acc2 + h with h = zeros + 0.5 a constant tile (not a literal): padding moves to 0.5 per column. Y = sum(X) + 0.5*200 intended
kernel e04_bug_acc_plus_const_tile(X: f32[R, 200], Y: f32[R]):
    assume R % 4 == 0
    const BR, BC = 4, 256
    grid (R / BR)
    threads 128
    tag X[r, c] = (row=r, col=c)
    tag Y[r] = (row=r)
    x = load X[block.x * BR : +BR, 0 : +BC] masked(fill=0.0)
    acc = zeros f32[BR, BC]
    z = zeros f32[BR, BC]
    h = z + 0.5
    for kt in range(2):
        acc = acc + x
        acc = acc + h
    tm = acc
    s = sum(tm, axis=1)
    store Y[block.x * BR : +BR], s
