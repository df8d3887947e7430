# A column's deviations from its mean over the valid rows, masked again and summed: the mean
# divides by cast(R, f32), a scalar (new-user round 40: its shape was asked, 'a reduction over a
# scalar', unknown).
kernel colmean(X: f32[R, 64], V: f32[64]):
    assume R >= 1 and R <= 32
    grid 1
    threads 64
    tag X[r, c] = (row=r, col=c)
    tag V[c] = (col=c)
    x = load X[0 : +32, 0 : +64] masked(fill=0.0)
    d = x - bcast(sum(x, axis=0) / cast(R, f32), axis=0, n=32)
    dm = mask(d, index(d, axis=0) < R, fill=0.0)
    v = sum(dm, axis=0)
    store V[0 : +64], v
