# BUG: the tail of X is filled with 3.0, class 3: rows past R get a 1.0 in column 3 where the tag
# function of Y says they hold zeros.
kernel onehot(X: f16[R], Y: f32[RP, 32]):
    assume R >= 1 and R <= RP and RP == 64
    grid 1
    threads 64
    tag X[r] = (row=r)
    tag Y[r, c] = (row=r) if r < R
    x = load X[0 : +64] masked(fill=3.0)
    xb = bcast(x, axis=1, n=32)
    y = where(cast(xb, f32) == cast(index(xb, axis=1), f32), 1.0, 0.0)
    store Y[0 : +64, 0 : +32], y
