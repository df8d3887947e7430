# `%` of tiles is C's remainder, with the dividend's sign: of integers computed in int64
# (then stored in the tile's type), of floats as fmod; negative dividends and divisors.
kernel remainder(X: i32[R, 32], F: f32[R, 32], Y: i32[R, 32], Z: f32[R, 32]):
    grid (R)
    threads 32
    tag X[r, c] = (row=r, col=c)
    tag F[r, c] = (row=r, col=c)
    tag Y[r, c] = (row=r, col=c)
    tag Z[r, c] = (row=r, col=c)
    x = load X[block.x : +1, 0 : +32]
    f = load F[block.x : +1, 0 : +32]
    y = (x - 2) % 3 + (x - 3) % -2 + index(x, axis=1) % 5
    z = (f - 0.5) % 0.3
    store Y[block.x : +1, 0 : +32], y
    store Z[block.x : +1, 0 : +32], z
