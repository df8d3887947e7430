# f16 tile (c+1)^2: 256^2 = 65536 rounds to inf in f16 at col 255
kernel j05_bug_f16_index_square(X: f32[R, 200], Y: f32[R]):
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
    c16 = cast(ci + 1.0, f16)
    sq = c16 * c16
    h = where(ci < 200.0, o, cast(sq, f32))
    tm = x * h
    s = sum(tm, axis=1)
    store Y[block.x * BR : +BR], s
