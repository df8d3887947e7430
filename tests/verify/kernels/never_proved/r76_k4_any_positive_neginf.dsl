# Held-out round 76: a mask whose condition reads padding (its truth there is the fill's).
# per column, 1.0 if some entry is positive else 0.0; the load fills with 1.0, so short
# tensors always answer 1.0
kernel k4_any_positive_neginf(X: f32[R, C], V: f32[C]):
    assume R >= 1 and R <= 32 and C % 64 == 0
    const BR, BC = 32, 64
    grid (C / BC)
    threads 64
    tag X[r, c] = (row=r, col=c)
    x = load X[0 : +BR, block.x * BC : +BC] masked(fill=1.0)
    z = zeros f32[BR, BC]
    n = max(mask(z + 1.0, x > 0.0, fill=-inf), axis=0)
    store V[block.x * BC : +BC], n
