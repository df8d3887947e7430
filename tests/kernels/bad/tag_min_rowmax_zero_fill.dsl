# The relu row max (tests/verify/kernels/r88_ok_relu_rowmax_zero_fill.dsl) with minimum
# for maximum: a row of negatives meets the 0.0 fill, which wins the max.
kernel min_rowmax_zero_fill(X: f32[R, C], S: f32[R]):
    assume R % 4 == 0 and R >= 4 and C >= 1 and C <= 64
    const BR, BC = 4, 64
    grid ((R + BR - 1) / BR)
    threads 64
    tag X[r, c] = (row=r, col=c)
    tag S[r] = (row=r, col=range(0, C))
    x = load X[block.x * BR : +BR, 0 : +BC] masked(fill=0.0)
    s = max(minimum(x, 0.0), axis=1)  #! error[TAG]
    store S[block.x * BR : +BR], s masked
