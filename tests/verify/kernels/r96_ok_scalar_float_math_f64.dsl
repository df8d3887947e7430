# Held-out round 96 (the lowering): the interpreter and the lowering typed this scalar or
# 0-d tile math differently (f64 against f32, a compare's type taken from its literal).
kernel d01_fscalar_expr(X: f32[R, 32], Y: i32[R, 32], Z: i32[R, 32]):
    grid (R)
    threads 32
    x = load X[block.x : +1, 0 : +32]
    y = where(x >= R * 0.1, 1, 0)
    z = cast(x * (0.7 * 0.3), i32)
    store Y[block.x : +1, 0 : +32], y
    store Z[block.x : +1, 0 : +32], z
