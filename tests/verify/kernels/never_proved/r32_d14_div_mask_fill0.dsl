kernel d14_div_mask_fill0(X: i32[G, 32], D: i32[G, 32], Y: i32[G, 32]):
    grid (G)
    threads 32
    x = load X[block.x : +1, 0 : +32]
    d = load D[block.x : +1, 0 : +32]
    y = x / mask(index(x, axis=1) + 1, index(x, axis=1) < 31, fill=0) + d - d
    store Y[block.x : +1, 0 : +32], y
