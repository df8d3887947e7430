# Held-out round 76: V[c] = sum of W[r, c] over the R <= 32 rows where X[r, c] > 0; X's
# fill 0.0 closes the gate at the rows past R, so W's rows R..31 are not added.
kernel gated_weight_sum(X: f32[R, C], W: f32[32, C], V: f32[C]):
    assume R >= 1 and R <= 32 and C % 64 == 0
    const BR, BC = 32, 64
    grid (C / BC)
    threads 64
    tag X[r, c] = (row=r, col=c)
    tag W[r, c] = (wrow=r, col=c)
    x = load X[0 : +BR, block.x * BC : +BC] masked(fill=0.0)
    w = load W[0 : +BR, block.x * BC : +BC]
    v = sum(mask(w, x > 0.0, fill=0.0), axis=0)
    store V[block.x * BC : +BC], v
