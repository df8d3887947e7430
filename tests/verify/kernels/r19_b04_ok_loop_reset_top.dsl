# h = o at body top kills hinf of previous iteration: correct
kernel b04_ok_loop_reset_top(X: f32[R, 200], W: f32[R, 256], Y: f32[R]):
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
    hinf = where(ci < 200.0, o, z + inf)
    sv = zeros f32[BR]
    h = o
    for it in range(2):
        h = o
        sv = sv + sum(x * h, axis=1)
        h = hinf
    store Y[block.x * BR : +BR], sv
