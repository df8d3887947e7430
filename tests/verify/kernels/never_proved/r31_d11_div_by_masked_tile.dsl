# an integer divisor read from data through mask(...): d may be 0 (the runner's integers are 0..7)
kernel d11_div_by_masked_tile(X: i32[G, 32], D: i32[G, 32], Y: i32[G, 32]):
    grid (G)
    threads 32
    x = load X[block.x : +1, 0 : +32]
    d = load D[block.x : +1, 0 : +32]
    y = x / mask(d, index(d, axis=1) >= 0, fill=1)
    store Y[block.x : +1, 0 : +32], y
