# a scalar (size) divided by an i32 data tile
kernel d05_int_scalar_by_tile(D: i32[R, 32], Y: i32[R, 32]):
    grid (R)
    threads 32
    d = load D[block.x : +1, 0 : +32]
    y = R / d
    store Y[block.x : +1, 0 : +32], y
