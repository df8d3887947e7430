kernel d09_mod_cast_index_i8wrap(X: i8[G, 256], Y: i8[G, 256]):
    grid (G)
    threads 256
    x = load X[block.x : +1, 0 : +256]
    y = x % cast(index(x, axis=1) + 1, i8)
    store Y[block.x : +1, 0 : +256], y
