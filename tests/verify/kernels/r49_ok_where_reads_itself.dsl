# Held-out round 49: `x = where(x > 0.0, y, x)` at the top level, its condition reading x:
# a new definition of x whose elements hold column j of X or of Y, each column once.
kernel where_reads_itself(X: f32[R, 32], Y: f32[R, 32], S: f32[R]):
    assume R % 8 == 0
    grid (R / 8)
    threads 64
    tag X[r, c] = (row=r, col=c)
    tag Y[r, c] = (row=r, col=c)
    tag S[r] = (row=r, col=range(0, 32))
    x = load X[block.x * 8 : +8, 0 : +32]
    y = load Y[block.x * 8 : +8, 0 : +32]
    x = where(x > 0.0, y, x)
    s = sum(x, axis=1)
    store S[block.x * 8 : +8], s
