# abs of an i32 wraps at its least value (abs(-2147483648) is -2147483648): a column holding
# only that value has it as its max, and the 0 padding of the row tail passes it.
kernel tag_abs_colmax_i32_fill_zero(X: i32[R, C], Mx: i32[C]):
    assume C % 64 == 0 and R >= 1
    const BR, BC = 32, 64
    grid (C / BC)
    threads 64
    tag X[r, c] = (row=r, col=c)
    tag Mx[c] = (col=c)
    z = zeros i32[BC]
    m = z - 2147483648
    for rt in range((R + BR - 1) / BR):
        x = load X[rt * BR : +BR, block.x * BC : +BC] masked(fill=0)
        p = abs(x)
        m = maximum(m, max(p, axis=0))  #! error[TAG]
    assert tag(m[j]).row == range(0, R) and tag(m[j]).col == block.x * BC + j
    store Mx[block.x * BC : +BC], m
