# x / cast(zi + 100 + 100, f32) with the divisor written inline: i8 wraps, it is -56; constant_value
# (encode/zero_values.py, used by encode/pad_walk.py for a constant divisor) evaluates the inline expression
# with value_at in exact math (200), so the -inf padding over it stays -inf (neutral for max);
# really -inf / -56 = +inf, and the row max of every row with a column tail is inf
kernel k_a01(X: f32[R, C], S: f32[R]):
    assume R >= 1 and C >= 1
    const BR, BC = 4, 64
    grid ((R + BR - 1) / BR)
    threads 64
    tag X[r, c] = (row=r, col=c)
    tag S[r] = (row=r)
    zi = zeros i8[BR, BC]
    za = zeros f32[BR]
    acc = za - inf
    for ct in range((C + BC - 1) / BC):
        x = load X[block.x * BR : +BR, ct * BC : +BC] masked(fill=-inf)
        acc = maximum(acc, max(x / cast(zi + 100 + 100, f32), axis=1))
    store S[block.x * BR : +BR], acc masked
