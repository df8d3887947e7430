# h = exp(c/16) cast to f16: exp(12.5)=2.7e5 > 65504 -> inf in f16 past 200
kernel l08_bug_index_f16_cast_roundtrip_exp(X: f32[R, 200], Y: f32[R]):
    assume R % 4 == 0
    const BR, BC = 4, 256
    grid (R / BR)
    threads 128
    tag X[r, c] = (row=r, col=c)
    tag Y[r] = (row=r)
    x = load X[block.x * BR : +BR, 0 : +BC] masked(fill=0.0)
    z = zeros f32[BR, BC]
    o = z + 1.0
    ci = cast(index(z, axis=1), f32)
    h = where(ci < 200.0, o, exp(ci * 0.0625))
    tm = x * cast(cast(h, f16), f32)
    s = sum(tm, axis=1)
    store Y[block.x * BR : +BR], s
