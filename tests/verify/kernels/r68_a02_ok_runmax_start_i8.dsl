# i8 running max whose start is `zi + 100 + 100`, which i8 holds as -56; constant_value evaluates the start
# writer's whole expression with value_at in exact math (200) and never converts the result to acc's type,
# so the fill 100 is taken as never winning against the start; it wins in every row with a column tail
kernel k_a02ok(X: i8[R, C], S: i8[R]):
    assume R >= 1 and C >= 1
    const BR, BC = 4, 64
    grid ((R + BR - 1) / BR)
    threads 64
    tag X[r, c] = (row=r, col=c)
    tag S[r] = (row=r)
    zi = zeros i8[BR]
    acc = zi + 100 + 27
    for ct in range((C + BC - 1) / BC):
        x = load X[block.x * BR : +BR, ct * BC : +BC] masked(fill=120)
        acc = maximum(acc, max(x, axis=1))
    store S[block.x * BR : +BR], acc masked
