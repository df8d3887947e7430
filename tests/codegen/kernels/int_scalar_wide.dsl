# An integer scalar in i8 tile math that is not a constant the type holds (a loop variable,
# or the literal 200) is an int64: the math stays int64 until the store converts it, as the
# interpreter computes it. `(x * kt) / 5` wrapped x * 200 back to int8 before dividing
# (held-out round 34); kt - 195 = 5 fits an i8 but is no constant: int64 as well.
kernel int_scalar_wide(X: i8[1, 32], Y: i8[1, 32], Z: i8[1, 32], W: i8[1, 32]):
    grid (1)
    threads 32
    for kt in range(200, 201):
        x = load X[kt - 200 : +1, 0 : +32]
        y = (x * kt) / 5
        z = (x * 200) / 5
        w = (x * (kt - 195)) / 5
        store Y[kt - 200 : +1, 0 : +32], y
        store Z[kt - 200 : +1, 0 : +32], z
        store W[kt - 200 : +1, 0 : +32], w
