kernel prefix_rows_long(X: f32[G, 32], S: f32[G, 32]):
    grid (G)
    threads 32
    tag X[r, c] = (row=r, col=c)
    tag S[g, c] = (col=c, row=range(0, g)) if g >= 1
    acc = zeros f32[1, 32]
    for t2 in range(block.x + 1):
        x = load X[t2 : +1, 0 : +32]
        acc = acc + x
    store S[block.x : +1, 0 : +32], acc
