# Held-out round 76: a min over the entries that pass a gate; the gate's tile is loaded with
# fill -1.0, which fails `xx >= 0.0`, so the mask puts inf wherever x's padding lies.
kernel gated_min(X: f32[R, C], V: f32[C]):
    assume R >= 1 and R <= 32 and C % 64 == 0
    const BR, BC = 32, 64
    grid (C / BC)
    threads 64
    tag X[r, c] = (row=r, col=c)
    x = load X[0 : +BR, block.x * BC : +BC] masked(fill=0.0)
    xx = load X[0 : +BR, block.x * BC : +BC] masked(fill=-1.0)
    z = zeros f32[BR, BC]
    one = z + 1.0
    v = min(mask(x, xx >= 0.0, fill=inf), axis=0)
    store V[block.x * BC : +BC], v
