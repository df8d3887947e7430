# h = 1/sqrt(c-200) * 0.5: inf at 200 (rsqrt variant via sqrt and division)
kernel j06_bug_index_tanh_recip_mma_like_sum(X: f32[R, 200], Y: f32[R]):
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
    h = where(ci < 200.0, o, 0.5 / sqrt(ci - 200.0))
    tm = x * h
    s = sum(tm, axis=1)
    store Y[block.x * BR : +BR], s
