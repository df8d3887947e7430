# Buggy sibling of tests/verify/kernels/rowmax_where_select.dsl: the select's comparison is
# != where a running max needs >, so m = where(mx != m, mx, m) is always the current tile's
# max (the last tile's after the loop). A where on == or != of its own sides is a function
# of one side only and is not tagged as maximum(m, mx) (TAG on the range claim).
kernel rowmax_where_not_equal(X: f32[R, C], Y: f32[R]):
    assume R % 4 == 0 and C % 128 == 0 and C >= 128
    const BR, BC = 4, 128
    grid (R / BR)
    threads 128
    tag X[r, c] = (row=r, col=c)
    tag Y[r] = (row=r)
    x0 = load X[block.x * BR : +BR, 0 : +BC]
    m = max(x0, axis=1)
    for ct in range(1, C / BC):
        x = load X[block.x * BR : +BR, ct * BC : +BC]
        mx = max(x, axis=1)
        m = where(mx != m, mx, m)
    assert tag(m[i]).row == block.x * BR + i and tag(m[i]).col == range(0, C)  #! error[TAG]
    store Y[block.x * BR : +BR], m
