# transposed masked load fill=0 summed over axis 0: correct
kernel t02_ok_transposed_masked_zero_sum(X: f32[R, 200], W: f32[R, 256], Y: f32[R]):
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
    xt = load X[block.x * BR : +BR, 0 : +BC] transposed masked(fill=0.0)
    h = o
    s = sum(xt, axis=0)
    store Y[block.x * BR : +BR], s
