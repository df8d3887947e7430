# x - (kt - 200)
kernel e20_i8_tile_minus_block(X: i8[2, 32], Y: i8[2, 32]):
    grid (1)
    threads 32
    for kt in range(0, 2):
        x = load X[kt - (0) : +1, 0 : +32]
        y = x - (kt - 200)
        store Y[kt - (0) : +1, 0 : +32], y
