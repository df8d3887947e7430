# Y[t, :] = X[t, :] for t < R and zeros for R <= t < T (a row-padded copy, one row per block).
# The row is loaded with an index subscript, masked, but filled with 1.0: rows past R get ones.
kernel i04_bug_row_index_pad_stored(X: f32[R, 64], Y: f32[T, 64]):
    assume R >= 1 and R <= T
    grid (T)
    threads 64
    tag X[r, j] = (row=r, col=j)
    tag Y[t, j] = (row=t, col=j) if t < R
    x = load X[block.x, 0 : +64] masked(fill=1.0)
    store Y[block.x, 0 : +64], x
