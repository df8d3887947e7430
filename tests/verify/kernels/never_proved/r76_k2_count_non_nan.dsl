# Held-out round 76: a mask whose condition reads padding (its truth there is the fill's).
# per column, the number of entries that are not NaN; the 0.0 padding of rows past R is
# not NaN either, so every column counts 32 instead of R minus its NaNs
kernel k2_count_non_nan(X: f32[R, C], V: f32[C]):
    assume R >= 1 and R <= 32 and C % 64 == 0
    const BR, BC = 32, 64
    grid (C / BC)
    threads 64
    tag X[r, c] = (row=r, col=c)
    x = load X[0 : +BR, block.x * BC : +BC] masked(fill=0.0)
    z = zeros f32[BR, BC]
    n = sum(mask(z + 1.0, x == x, fill=0.0), axis=0)
    store V[block.x * BC : +BC], n
