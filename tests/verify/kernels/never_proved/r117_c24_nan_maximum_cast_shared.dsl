# FALSE PROOF candidate: y = sqrt(x) goes through shared memory (no one-statement math to read
# back), p = cast(maximum(y, 5.0), i32). The data bound says p >= 5, so the fill 3 of rows
# past L "never wins". But x < 0 makes y NaN, maximum(NaN, 5.0) is NaN (NaN propagates, in the
# interpreter and in the lowering), cast to i32 gives 0: a column of such rows has max 0, and
# the fill 3 wins: Mx = 3.
kernel c24_nan_maximum_cast_shared(X: f32[R, C], Lz: f32[L], Mx: i32[C]):
    assume C % 64 == 0 and R % 32 == 0 and L <= R
    const BR, BC = 32, 64
    grid (C / BC)
    threads 64
    tag X[r, c] = (row=r, col=c)
    tag Mx[c] = (col=c)
    sy = shared f32[BR, BC]
    z = zeros i32[BC]
    m = z - 2147483648
    for rt in range((L + BR - 1) / BR):
        x = load X[rt * BR : +BR, block.x * BC : +BC]
        q = sqrt(x)
        store sy[0 : +BR, 0 : +BC], q
        barrier
        y = load sy[0 : +BR, 0 : +BC]
        barrier
        p = mask(cast(maximum(y, 5.0), i32), rt * BR + index(y, axis=0) < L, fill=3)
        m = maximum(m, max(p, axis=0))
    assert tag(m[j]).row == range(0, L) and tag(m[j]).col == block.x * BC + j
    store Mx[block.x * BC : +BC], m
