# Held-out round 96 (the lowering): the interpreter and the lowering typed this scalar or
# 0-d tile math differently (f64 against f32, a compare's type taken from its literal).
kernel d09_scalar_cmp_narrow(X: f64[R, 32], L: i64[R, 32], F: f32[R, 32], Y: i32[R], Z: i32[R], W: f32[R, 32]):
    grid (R)
    threads 32
    x = load X[block.x, 0 : +32]
    l = load L[block.x, 0 : +32]
    f = load F[block.x : +1, 0 : +32]
    w = f * 2.0
    m = max(x, axis=0)
    y = where(m > 0.1, 1, 0)
    n = max(l, axis=0)
    z = where(n > 0, 1, 0)
    store Y[block.x], y
    store Z[block.x], z
    store W[block.x : +1, 0 : +32], w
