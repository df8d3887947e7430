# Held-out round 78: an infinite padding compared with an infinite literal (true, not false).
# per column c < C, the number of rows r < R whose row maximum over X[r, :] is not NaN (written
# `>= -inf`); rows past R have max -inf (fill -inf), which passes too and is counted
kernel p6(X: f32[R, C], V: f32[C]):
    assume R >= 1 and R <= 32 and C >= 1 and C <= 64
    const BR, BC = 32, 64
    grid (1)
    threads 64
    tag X[r, c] = (row=r, col=c)
    xx = load X[0 : +BR, 0 : +BC] masked(fill=-inf)
    z = zeros f32[BR, BC]
    n = sum(mask(z + 1.0, bcast(max(xx, axis=1), axis=1, n=BC) >= -inf, fill=0.0), axis=0)
    store V[0 : +BC], n masked
