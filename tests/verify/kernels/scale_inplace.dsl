# In-place update: each block doubles its own tile of X. The tensor is read and written,
# but every element by one thread of one block, its read before its write.
kernel scale_inplace(X: f32[N]):
    assume N % 256 == 0
    grid (N / 256)
    threads 256
    tag X[i] = (i=i)
    x = load X[block.x * 256 : +256]
    y = x * 2.0
    store X[block.x * 256 : +256], y
