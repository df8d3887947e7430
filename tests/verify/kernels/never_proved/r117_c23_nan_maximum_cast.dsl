# BUGGY?: p = cast(maximum(y, 5.0), i32) with y = sqrt(x), x < 0: y is NaN, maximum(NaN, 5.0) is
# unspecified (NumPy: NaN, cast to 0), so p is not always >= 5; the fill 3 of the rows past L is
# taken as neutral under the bound p >= 5, and wins against a column of 0s.
kernel c23_nan_maximum_cast(X: f32[R, C], Lz: f32[L], Mx: i32[C]):
    assume C % 64 == 0 and R % 32 == 0 and L <= R
    const BR, BC = 32, 64
    grid (C / BC)
    threads 64
    tag X[r, c] = (row=r, col=c)
    tag Mx[c] = (col=c)
    z = zeros i32[BC]
    m = z - 2147483648
    for rt in range((L + BR - 1) / BR):
        x = load X[rt * BR : +BR, block.x * BC : +BC]
        y = sqrt(x)
        if rt > 1000000:
            y = sqrt(x + 1.0)
        p = mask(cast(maximum(y, 5.0), i32), rt * BR + index(x, axis=0) < L, fill=3)
        m = maximum(m, max(p, axis=0))
    assert tag(m[j]).row == range(0, L) and tag(m[j]).col == block.x * BC + j
    store Mx[block.x * BC : +BC], m
