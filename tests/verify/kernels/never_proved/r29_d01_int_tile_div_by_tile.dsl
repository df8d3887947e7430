# i32 tile divided by an i32 tile loaded from data (which may hold 0)
kernel d01_int_tile_div_by_tile(X: i32[R, 32], D: i32[R, 32], Y: i32[R, 32]):
    grid (R)
    threads 32
    x = load X[block.x : +1, 0 : +32]
    d = load D[block.x : +1, 0 : +32]
    y = x / d + x % d
    store Y[block.x : +1, 0 : +32], y
