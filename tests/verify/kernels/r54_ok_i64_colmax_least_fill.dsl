# Held-out round 54: an i64 column max padded and started with the type's least value, -2**63 (the
# literal -9223372036854775808 was refused, E032, and a constant -9223372036854775807 - 1 too).
kernel i64_colmax_least_fill(X: i64[R, C], Y: i64[C]):
    assume R >= 1 and C % 64 == 0
    const BR, BC, NEG = 32, 64, -9223372036854775807 - 1
    grid (C / BC)
    threads 64
    tag X[r, c] = (row=r, col=c)
    tag Y[c] = (col=c, row=range(0, R))
    z = zeros i64[BC]
    m = z - 9223372036854775807 - 1
    for rt in range((R + BR - 1) / BR):
        x = load X[rt * BR : +BR, block.x * BC : +BC] masked(fill=-9223372036854775808)
        m = maximum(m, max(x, axis=0))
    store Y[block.x * BC : +BC], m
