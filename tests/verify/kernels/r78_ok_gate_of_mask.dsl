# Held-out round 78: a gate that is itself a mask compared with a literal: `mask(z + 1.0, yy > 0.0)`
# is 0.0 at yy's padding (fill -1.0), and 0.0 > 0.5 is false there, so w's rows past R stay out.
kernel gate_of_mask(X: f32[R, C], Y: f32[R, C], W: f32[32, C], V: f32[C]):
    assume R >= 1 and R <= 32 and C % 64 == 0
    const BR, BC = 32, 64
    grid (C / BC)
    threads 64
    tag X[r, c] = (row=r, col=c)
    tag Y[r, c] = (row=r, col=c)
    tag W[r, c] = (wrow=r, col=c)
    xx = load X[0 : +BR, block.x * BC : +BC] masked(fill=0.0)
    yy = load Y[0 : +BR, block.x * BC : +BC] masked(fill=-1.0)
    w = load W[0 : +BR, block.x * BC : +BC]
    z = zeros f32[BR, BC]
    v = sum(mask(w, mask(z + 1.0, yy > 0.0, fill=0.0) > 0.5, fill=0.0), axis=0)
    store V[block.x * BC : +BC], v
