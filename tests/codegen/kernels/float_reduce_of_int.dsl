# A max or min of a float expression of an integer tile is a float reduction: it starts from
# an infinity, not the integer type's bound (`min(x * 2.5)` of an i8 tile started from
# int8(127), below every 250.0; held-out round 34).
kernel float_reduce_of_int(X: i8[R, 32], Z: i32[R, 32], M: i8[R], N: i32[R]):
    grid (R)
    threads 32
    x = load X[block.x : +1, 0 : +32]
    z = load Z[block.x : +1, 0 : +32]
    m = min(x * 2.5, axis=1) - 200.0
    n = max(z * 2.0, axis=1) + 4000000000.0
    store M[block.x : +1], m
    store N[block.x : +1], n
