# running max from a start built on an f16 tile: d = zh + 2049.0 holds 2048 in f16, so the start
# (cast(d, f32) - 2048.0) * 1048576.0 is 0.0; constant_value (encode/zero_values.py) reads d unrounded as 2049 (start 1048576),
# so the fill 524288.0 is taken as never winning against the start; it wins in every row with a column tail
kernel k_a12(X: f32[R, C], S: f32[R]):
    assume R >= 1 and C >= 1
    const BR, BC = 4, 64
    grid ((R + BR - 1) / BR)
    threads 64
    tag X[r, c] = (row=r, col=c)
    tag S[r] = (row=r)
    zh = zeros f16[BR]
    d = zh + 2049.0
    acc = (cast(d, f32) - 2048.0) * 1048576.0
    for ct in range((C + BC - 1) / BC):
        x = load X[block.x * BR : +BR, ct * BC : +BC] masked(fill=524288.0)
        acc = maximum(acc, max(x, axis=1))
    store S[block.x * BR : +BR], acc masked
