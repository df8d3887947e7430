# an i8 tile compared with a size N (N = 200 at the test size): where(x < N, x, 0)
kernel e25_i8_where_lt_size(X: i8[1, 32], Y: i8[1, 32], Z: f32[N]):
    grid (1)
    threads 32
    x = load X[0 : +1, 0 : +32]
    y = where(x < N, x, 0)
    store Y[0 : +1, 0 : +32], y
    z = load Z[0 : +1]
