# local g f32 in one loop, local g f16 (=70000: inf) in another: the limit may come from the f32 one
kernel n01_bug_shadow_dtype_f16_second(X: f32[R, 200], W: f32[R, 256], Y: f32[R]):
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
    sv = zeros f32[BR]
    for it in range(1):
        g = z + 2.0
        sv = sv + sum(x * g, axis=1)
    for it2 in range(1):
        zh = zeros f16[BR, BC]
        g = zh + 70000.0
        h = where(ci < 200.0, o, cast(g, f32))
        sv = sv + sum(x * h, axis=1)
    store Y[block.x * BR : +BR], sv
