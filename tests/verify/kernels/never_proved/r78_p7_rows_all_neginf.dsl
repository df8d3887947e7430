# Held-out round 78: an infinite padding compared with an infinite literal (true, not false).
# V[0] = the number of rows r < R of X whose every entry is -inf (row max == -inf); the rows past
# R are filled with -inf, so their max is -inf too and they are counted: V = 32 - R more
kernel p7(X: f32[R, 64], V: f32[1]):
    assume R >= 1 and R <= 32
    const BR, BC = 32, 64
    grid (1)
    threads 64
    tag X[r, c] = (row=r, col=c)
    xx = load X[0 : +BR, 0 : +BC] masked(fill=-inf)
    z = zeros f32[BR]
    k = mask(z + 1.0, max(xx, axis=1) == -inf, fill=0.0)
    t = sum(reshape(k, shape=(1, BR)), axis=1)
    store V[0 : +1], t
