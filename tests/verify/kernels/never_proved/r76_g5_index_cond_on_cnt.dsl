# Held-out round 76: a mask whose condition reads padding (its truth there is the fill's).
kernel g5_index_cond_on_cnt(X: f32[R, C], V: f32[C]):
    assume R >= 1 and R <= 32 and C % 64 == 0
    const BR, BC = 32, 64
    grid (C / BC)
    threads 64
    tag X[r, c] = (row=r, col=c)
    x = load X[0 : +BR, block.x * BC : +BC] masked(fill=0.0)
    xx = load X[0 : +BR, block.x * BC : +BC] masked(fill=1.0)
    z = zeros f32[BR, BC]
    one = z + 1.0
    k = sum(mask(one, xx > 0.0, fill=0.0), axis=0)
    v = sum(mask(x, cast(index(x, axis=0), f32) < bcast(k, axis=0, n=BR), fill=0.0), axis=0)
    store V[block.x * BC : +BC], v
