# the same division, guarded by where(d != 0, ...)
kernel d02_int_tile_div_guarded(X: i32[R, 32], D: i32[R, 32], Y: i32[R, 32]):
    grid (R)
    threads 32
    x = load X[block.x : +1, 0 : +32]
    d = load D[block.x : +1, 0 : +32]
    y = where(d != 0, x / d, 0)
    store Y[block.x : +1, 0 : +32], y
