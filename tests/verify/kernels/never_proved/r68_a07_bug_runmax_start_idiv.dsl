# running max whose start is cast((zi + 1) / 2, f32) * 1000.0: integer division truncates, (0 + 1) / 2 is 0, so the
# start is 0.0; constant_value evaluates it with value_at's true division (0.5) and takes the start for 500.0, so the
# fill 400.0 is taken as never winning against the start; it wins in every row with a column tail
kernel k_a07(X: f32[R, C], S: f32[R]):
    assume R >= 1 and C >= 1
    const BR, BC = 4, 64
    grid ((R + BR - 1) / BR)
    threads 64
    tag X[r, c] = (row=r, col=c)
    tag S[r] = (row=r)
    zi = zeros i32[BR]
    acc = cast((zi + 1) / 2, f32) * 1000.0
    for ct in range((C + BC - 1) / BC):
        x = load X[block.x * BR : +BR, ct * BC : +BC] masked(fill=400.0)
        acc = maximum(acc, max(x, axis=1))
    store S[block.x * BR : +BR], acc masked
