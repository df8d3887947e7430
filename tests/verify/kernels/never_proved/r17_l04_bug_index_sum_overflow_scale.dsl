# v = sum over columns of exp(c/2) (exp(127)=1.4e55 -> inf) per row; scale past 200 = v: inf
kernel l04_bug_index_sum_overflow_scale(X: f32[R, 200], Y: f32[R]):
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
    v = sum(exp(ci * 0.5), axis=1)
    h = where(ci < 200.0, o, bcast(v, axis=1, n=BC))
    tm = x * h
    s = sum(tm, axis=1)
    store Y[block.x * BR : +BR], s
