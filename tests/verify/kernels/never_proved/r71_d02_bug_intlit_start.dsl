# BUG: the start maximum(za, 16777217) - 16777216 is 1.0 to constant_value (value_at keeps the int
# literal exact); the lowering emits float32(16777217) = 16777216.0, so acc starts at 0.0 and the 0.5
# padding of the column tail wins in every row whose data is negative (S = 0.5, not 0.0)
kernel d02_bug(X: f32[R, C], S: f32[R]):
    assume R >= 1 and C >= 1
    const BR, BC = 4, 64
    grid ((R + BR - 1) / BR)
    threads 64
    tag X[r, c] = (row=r, col=c)
    tag S[r] = (row=r)
    za = zeros f32[BR]
    acc = maximum(za, 16777217) - 16777216
    for ct in range((C + BC - 1) / BC):
        x = load X[block.x * BR : +BR, ct * BC : +BC] masked(fill=0.5)
        acc = maximum(max(x, axis=1), acc)
    store S[block.x * BR : +BR], acc masked
