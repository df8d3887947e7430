# nested: outer resets h = 1, inner reads then writes 1/(c-200) (back edge of the inner loop)
kernel r05_bug_outer_reset_inner_index_recip(X: f32[R, 200], W: f32[R, 256], Y: f32[R]):
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
    hinf = where(ci < 200.0, o, z + inf)
    sv = zeros f32[BR]
    h = o
    for a in range(2):
        h = o
        for b in range(2):
            sv = sv + sum(x * h, axis=1)
            h = where(ci < 200.0, o, o / (ci - 200.0))
    store Y[block.x * BR : +BR], sv
