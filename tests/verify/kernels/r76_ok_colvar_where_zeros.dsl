# Held-out round 76: r72_ok_colvar_count_rows with the re-mask written as a where with a
# branch of zeros, which is its mask: 0.0 at the padding whatever mu is.
kernel colvar_where_zeros(X: f32[R, C], V: f32[C]):
    assume R >= 1 and R <= 32 and C % 64 == 0
    const BR, BC = 32, 64
    grid (C / BC)
    threads 64
    tag X[r, c] = (row=r, col=c)
    tag V[c] = (col=c)
    x = load X[0 : +BR, block.x * BC : +BC] masked(fill=0.0)
    z = zeros f32[BR, BC]
    one = z + 1.0
    cnt = sum(mask(one, index(one, axis=0) < R, fill=0.0), axis=0)
    mu = sum(x, axis=0) / cnt
    d = where(index(x, axis=0) < R, x - bcast(mu, axis=0, n=BR), z)
    v = sum(d * d, axis=0) / cnt
    store V[block.x * BC : +BC], v
