# Buggy sibling of tests/verify/kernels/center_rows_via_temp.dsl: the maximum is taken down
# the columns (axis 0), so every element takes the other rows' records.
kernel center_rows_wrong_axis(X: f32[R, 64], Y: f32[R, 64]):
    assume R % 4 == 0
    grid (R / 4)
    threads 64
    tag X[r, c] = (row=r, col=c)
    tag Y[r, c] = (row=r)
    s = load X[block.x * 4 : +4, 0 : +64]
    m = bcast(max(s, axis=0), axis=0, n=4)
    s = s - m
    assert tag(s[i, j]).row == block.x * 4 + i  #! error[TAG]
    store Y[block.x * 4 : +4, 0 : +64], s  #! error[TAG]
