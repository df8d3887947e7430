# Held-out round 76: a mask whose condition reads padding (its truth there is the fill's).
kernel f1_cnt_cond_pad_mask(X: f32[R, C], V: f32[C]):
    assume R >= 1 and R <= 32 and C % 64 == 0
    const BR, BC = 32, 64
    grid (C / BC)
    threads 64
    tag X[r, c] = (row=r, col=c)
    xx = load X[0 : +BR, block.x * BC : +BC] masked(fill=1.0)
    z = zeros f32[BR, BC]
    one = z + 1.0
    n = sum(mask(one, xx > 0.0, fill=0.0), axis=0)
    store V[block.x * BC : +BC], n
