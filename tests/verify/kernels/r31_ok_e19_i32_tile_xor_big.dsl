# x ^ (kt + 4294967296)
kernel e19_i32_tile_xor_big(X: i32[2, 32], Y: i32[2, 32]):
    grid (1)
    threads 32
    for kt in range(0, 2):
        x = load X[kt - (0) : +1, 0 : +32]
        y = x ^ (kt + 4294967296)
        store Y[kt - (0) : +1, 0 : +32], y
