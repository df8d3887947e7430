# one-hot rows: Y[r, c] = 1.0 where X[r] == c, for r < R; rows past R hold zeros (tag condition)
# the tail of X is filled with -1.0
kernel onehot(X: f16[R], Y: f32[RP, 32]):
    assume R >= 1 and R <= RP and RP == 64
    grid 1
    threads 64
    tag X[r] = (row=r)
    tag Y[r, c] = (row=r) if r < R
    x = load X[0 : +64] masked(fill=-1.0)
    xb = bcast(x, axis=1, n=32)
    y = where(cast(xb, f32) == cast(index(xb, axis=1), f32), 1.0, 0.0)
    store Y[0 : +64, 0 : +32], y
