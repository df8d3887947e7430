# padding 0 -> (0-1)+1 = 0 exact each iteration: correct
kernel p01_ok_pad_loop_sub_add(X: f32[R, 200], W: f32[R, 256], Y: f32[R]):
    assume R % 4 == 0
    const BR, BC = 4, 256
    grid (R / BR)
    threads 128
    tag X[r, c] = (row=r, col=c)
    tag W[r, c] = (row=r, wcol=c)
    tag Y[r] = (row=r)
    x = load X[block.x * BR : +BR, 0 : +BC] masked(fill=0.0)
    w = load W[block.x * BR : +BR, 0 : +BC]
    z = zeros f32[BR, BC]
    o = z + 1.0
    ci = cast(index(z, axis=1), f32)
    ii = index(z, axis=1)
    xp = x
    for it in range(3):
        xp = (xp - 1.0) + 1.0
    h = o
    tm = xp * h
    s = sum(tm, axis=1)
    store Y[block.x * BR : +BR], s
