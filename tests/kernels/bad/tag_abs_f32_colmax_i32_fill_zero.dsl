# abs of an i32 wraps at its least value, inside a cast to f32 too: a column holding only
# -2147483648 has -2147483648.0 as its max, and the 0.0 padding of the row tail passes it.
kernel tag_abs_f32_colmax_i32_fill_zero(X: i32[R, C], Mx: f32[C]):
    assume C % 64 == 0 and R >= 1
    const BR, BC = 32, 64
    grid (C / BC)
    threads 64
    tag X[r, c] = (row=r, col=c)
    tag Mx[c] = (col=c)
    z = zeros f32[BC]
    m = z - inf
    for rt in range((R + BR - 1) / BR):
        x = load X[rt * BR : +BR, block.x * BC : +BC] masked(fill=0)
        p = cast(abs(x), f32)
        m = maximum(m, max(p, axis=0))  #! error[TAG]
    assert tag(m[j]).row == range(0, R) and tag(m[j]).col == block.x * BC + j
    store Mx[block.x * BC : +BC], m
