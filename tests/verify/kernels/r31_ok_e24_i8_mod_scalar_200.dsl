# x % (kt * 100)
kernel e24_i8_mod_scalar_200(X: i8[1, 32], Y: i8[1, 32]):
    grid (1)
    threads 32
    for kt in range(2, 3):
        x = load X[kt - (2) : +1, 0 : +32]
        y = x % (kt * 100)
        store Y[kt - (2) : +1, 0 : +32], y
