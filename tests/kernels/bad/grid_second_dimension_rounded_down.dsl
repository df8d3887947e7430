# Row sums over a 2-D grid whose column blocks are rounded down: N / 32 is 0 at N = 16, which
# the `assume` allows, so no block runs there (the proof covers only sizes with a block in
# every dimension); `(N + 31) / 32` is meant.
kernel row_sums(X: f32[M, N], Y: f32[M, 1]):
    assume M % 32 == 0 and (N == 16 or N == 32)
    grid (M / 32, N / 32)  #! warning[GRID]
    threads 64
    tag X[i, j] = (row=i, col=j)
    x = load X[block.x * 32 : +32, block.y * 32 : +32] masked(fill=0.0)
    s = sum(x, axis=1)
    store Y[block.x * 32 : +32, block.y], s
