# i8 tile plus an integer scalar expression whose leaves leave i8 (kt - 190 is 10 .. 11)
kernel c05_i8_tile_plus_scalar_expr(X: i8[2, 32], Y: i8[2, 32]):
    grid (1)
    threads 32
    for kt in range(200, 202):
        x = load X[kt - 200 : +1, 0 : +32]
        y = x + (kt - 190)
        store Y[kt - 200 : +1, 0 : +32], y
