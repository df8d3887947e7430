kernel d05_div_cast_index(X: i32[G, 32], D: i32[G, 32], Y: i32[G, 32]):
    grid (G)
    threads 32
    x = load X[block.x : +1, 0 : +32]
    d = load D[block.x : +1, 0 : +32]
    y = x / cast(index(x, axis=1) - 5, i32) + d - d
    store Y[block.x : +1, 0 : +32], y
