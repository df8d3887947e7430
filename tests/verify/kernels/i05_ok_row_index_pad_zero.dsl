# Y[t, :] = X[t, :] for t < R and zeros for R <= t < T (a row-padded copy, one row per block).
# The row is loaded with an index subscript, masked with fill 0.0.
kernel i05_ok_row_index_pad_zero(X: f32[R, 64], Y: f32[T, 64]):
    assume R >= 1 and R <= T
    grid (T)
    threads 64
    tag X[r, j] = (row=r, col=j)
    tag Y[t, j] = (row=t, col=j) if t < R
    x = load X[block.x, 0 : +64] masked(fill=0.0)
    store Y[block.x, 0 : +64], x
