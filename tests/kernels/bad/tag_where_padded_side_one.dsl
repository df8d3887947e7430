# r60_ok_where_padded_cond with 1.0 on the side the -inf padding picks: 1.0 reaches the max.
kernel tmp3(X: f32[R, C], S: f32[R], M: f32[R]):
    assume R % 4 == 0 and C >= 1
    const BR, BC = 4, 64
    grid R / BR
    threads 128
    tag X[r, c] = (row=r, col=c)
    tag S[r] = (row=r)
    tag M[r] = (row=r)
    z = zeros f32[BR]
    m = z - inf
    for ct in range((C + BC - 1) / BC):
        x = load X[block.x * BR : +BR, ct * BC : +BC] masked(fill=-inf)
        t = x * x
        u = where(x > -inf, t, 1.0)
        m = maximum(m, max(u, axis=1))  #! error[TAG]
    s = zeros f32[BR]
    s = s + m
    assert covers(tag(m[i]).col, 0, C)
    store S[block.x * BR : +BR], s
    store M[block.x * BR : +BR], m
