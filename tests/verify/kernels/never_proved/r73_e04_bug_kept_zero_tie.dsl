# BUG: pad_accumulate (Accumulators.updated / kept_zero, `same(kept, 0.0)`) takes the update
# acc = x - acc of a zero-started acc at x's -0.0 padding for 0.0; really -0.0 - 0.0 = -0.0. That
# "ties" the +0.0 start of the running max mx (fill_rule._under_start), but -0.0 wins over the
# negative data and maximum(-0.0, 0.0) keeps -0.0: 1.0 / mx is -inf, not +inf
kernel e04_bug(X: f32[R, C], S: f32[R]):
    assume R >= 1 and C >= 1 and C <= 64
    const BR, BC = 4, 64
    grid ((R + BR - 1) / BR)
    threads 64
    tag X[r, c] = (row=r, col=c)
    tag S[r] = (row=r)
    acc = zeros f32[BR, BC]
    x = load X[block.x * BR : +BR, 0 : +BC] masked(fill=-0.0)
    acc = x - acc
    mx = zeros f32[BR]
    mx = maximum(max(acc, axis=1), mx)
    z = where(1.0 / mx > 0.0, 1.0, 2.0)
    store S[block.x * BR : +BR], z masked
