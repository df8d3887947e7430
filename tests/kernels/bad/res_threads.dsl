# One thread per element of a 2048-element row: 2048 threads per block, twice the
# 1024 a block may have.
kernel wide_rows(X: f32[R, 2048], Y: f32[R, 2048]):
    grid (R)
    threads 2048  #! error[RES]
    tag X[r, c] = (row=r, col=c)
    x = load X[block.x, 0 : +2048]
    store Y[block.x, 0 : +2048], x
