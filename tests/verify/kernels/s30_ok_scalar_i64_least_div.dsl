# C's / and % of an element read (a scalar, int64 in the code) at the least i64: the
# index helpers _tdiv/_tmod took abs, which wraps at -2**63, and the quotient came out
# positive (thirtieth session; the tile helpers had been mended in held-out round 86)
kernel s30_ok_scalar_i64_least_div(X: i64[R, 32], A: i64[R, 32]):
    grid (R)
    threads 32
    x = load X[block.x : +1, 0 : +32]
    a = x - x + X[block.x, 0] / 3 + X[block.x, 1] % 3
    store A[block.x : +1, 0 : +32], a
