# acc = zeros; loop of 2: acc = acc + x; under if kt == 0: acc = acc + h (h = zeros + 1.0): padding 1.0. Y = sum_c<200(2X + 1).
kernel e13_bug_acc_const_tile_under_if(X: f32[R, 200], Y: f32[R]):
    assume R % 4 == 0
    const BR, BC = 4, 256
    grid (R / BR)
    threads 128
    tag X[r, c] = (row=r, col=c)
    tag Y[r] = (row=r)
    x = load X[block.x * BR : +BR, 0 : +BC] masked(fill=0.0)
    acc = zeros f32[BR, BC]
    z = zeros f32[BR, BC]
    h = z + 1.0
    for kt in range(2):
        acc = acc + x
        if kt == 0:
            acc = acc + h
    tm = acc
    s = sum(tm, axis=1)
    store Y[block.x * BR : +BR], s
