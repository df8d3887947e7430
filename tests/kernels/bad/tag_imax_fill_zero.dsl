# Buggy sibling of tests/verify/kernels/r39_ok_imax_fill_int_min.dsl: the column tail is padded
# with 0, above every negative row, so a row of negatives reads 0.
kernel rmax(X: i32[R, C], Y: i32[R]):
    assume R % 8 == 0 and C >= 1 and C <= 64
    assume X[r, c] < 0
    grid R / 8
    threads 64
    tag X[r, c] = (row=r, col=c)
    tag Y[r] = (row=r)
    x = load X[block.x * 8 : +8, 0 : +64] masked(fill=0)
    y = max(x, axis=1)  #! error[TAG]
    store Y[block.x * 8 : +8], y
