# x * (kt * 1000)
kernel e07_i32_mul_big(X: i32[2, 32], Y: i32[2, 32]):
    grid (1)
    threads 32
    for kt in range(3000000, 3000002):
        x = load X[kt - (3000000) : +1, 0 : +32]
        y = x * (kt * 1000)
        store Y[kt - (3000000) : +1, 0 : +32], y
