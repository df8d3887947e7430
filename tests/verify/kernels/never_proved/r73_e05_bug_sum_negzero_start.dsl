# BUG: the running max's start sum(nz) of a tile nz of -0.0 is -0.0 to constant_value
# (pad_values._value_at's `sum` case returns the element's zero itself); the lowering sums from
# float32(0), and 0.0 + -0.0 = +0.0. The -0.0 fill "ties" the believed -0.0 start
# (fill_rule._under_start), but it wins over the negative data and maximum(-0.0, +0.0) keeps
# -0.0: 1.0 / acc is -inf where the data's max with the +0.0 start gives +inf
kernel e05_bug(X: f32[R, C], S: f32[R]):
    assume R >= 1 and C >= 1
    const BR, BC = 4, 64
    grid ((R + BR - 1) / BR)
    threads 64
    tag X[r, c] = (row=r, col=c)
    tag S[r] = (row=r)
    za = zeros f32[BR, 2]
    nz = za * -1.0
    acc = sum(nz, axis=1)
    for ct in range((C + BC - 1) / BC):
        x = load X[block.x * BR : +BR, ct * BC : +BC] masked(fill=-0.0)
        acc = maximum(max(x, axis=1), acc)
    y = where(1.0 / acc > 0.0, 1.0, 2.0)
    store S[block.x * BR : +BR], y masked
