# x + kt * 1000
kernel e04_i8_plus_big(X: i8[2, 32], Y: i8[2, 32]):
    grid (1)
    threads 32
    for kt in range(1, 3):
        x = load X[kt - (1) : +1, 0 : +32]
        y = x + kt * 1000
        store Y[kt - (1) : +1, 0 : +32], y
