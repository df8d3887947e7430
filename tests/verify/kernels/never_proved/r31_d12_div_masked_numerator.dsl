# the numerator is a mask(...) of an integer tile: the divisor d (data) may be 0
kernel d12_div_masked_numerator(X: i32[G, 32], D: i32[G, 32], Y: i32[G, 32]):
    grid (G)
    threads 32
    x = load X[block.x : +1, 0 : +32]
    d = load D[block.x : +1, 0 : +32]
    y = mask(x, index(x, axis=1) >= 0, fill=0) % d
    store Y[block.x : +1, 0 : +32], y
