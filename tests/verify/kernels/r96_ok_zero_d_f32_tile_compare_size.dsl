# Held-out round 96 (the lowering): the interpreter and the lowering typed this scalar or
# 0-d tile math differently (f64 against f32, a compare's type taken from its literal).
kernel d10_scalar_cmp_size(X: f32[R, 32], N: i32[1], Y: i32[R], Z: i32[R]):
    grid (R)
    threads 32
    x = load X[block.x, 0 : +32]
    m = max(x, axis=0)
    y = where(m > R, 1, 0)
    z = where(m >= N[0], 1, 0)
    store Y[block.x], y
    store Z[block.x], z
