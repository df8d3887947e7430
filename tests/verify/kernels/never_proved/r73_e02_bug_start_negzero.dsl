# BUG: the running max's start `za * (block.x - 1)` is 0.0 to constant_value (pad_values.binary:
# 0.0 times some finite number is +0.0), so 0.0 padding "ties" the start; in block 0 the start
# is 0.0 * -1 = -0.0, the 0.0 padding of the column tail wins over the negative data and the
# start, and 1.0 / acc is +inf where the data's max with the start (-0.0) gives -inf
kernel e02_bug(X: f32[R, C], S: f32[R]):
    assume R >= 1 and C >= 1
    const BR, BC = 4, 64
    grid ((R + BR - 1) / BR)
    threads 64
    tag X[r, c] = (row=r, col=c)
    tag S[r] = (row=r)
    za = zeros f32[BR]
    acc = za * (block.x - 1)
    for ct in range((C + BC - 1) / BC):
        x = load X[block.x * BR : +BR, ct * BC : +BC] masked(fill=0.0)
        acc = maximum(max(x, axis=1), acc)
    y = where(1.0 / acc > 0.0, 1.0, 2.0)
    store S[block.x * BR : +BR], y masked
