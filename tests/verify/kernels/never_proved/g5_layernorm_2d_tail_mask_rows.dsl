# layernorm_2d_tail re-masked along the rows instead of the columns: the column tail keeps
# x - mean = -mean, and the variance of every row sums it.
kernel g5_layernorm_2d_tail_mask_rows(X: f32[R, 200], Y: f32[R, 200]):
    assume R >= 1
    const BR, BC = 4, 256
    grid ((R + BR - 1) / BR)
    threads 128
    tag X[r, c] = (row=r, col=c)
    tag Y[r, c] = (row=r)
    x = load X[block.x * BR : +BR, 0 : +BC] masked(fill=0.0)
    mean = sum(x, axis=1) / 200.0
    d = mask(x - bcast(mean, axis=1, n=BC), block.x * BR + index(x, axis=0) < R, fill=0.0)
    var = sum(d * d, axis=1) / 200.0
    y = d * bcast(rsqrt(var + 0.00001), axis=1, n=BC)
    store Y[block.x * BR : +BR, 0 : +BC], y masked
