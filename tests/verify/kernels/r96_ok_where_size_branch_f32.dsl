# Held-out round 96 (the lowering): the interpreter and the lowering typed this scalar or
# 0-d tile math differently (f64 against f32, a compare's type taken from its literal).
kernel d02_where_size_f64(X: f32[R, 32], Y: i32[R, 32], Z: f32[R, 32]):
    grid (R)
    threads 32
    x = load X[block.x : +1, 0 : +32]
    y = cast(where(x > 0.0, x, R) * 0.1, i32)
    z = where(x > 0.0, x, block.x) * 4.0 / 8.0
    store Y[block.x : +1, 0 : +32], y
    store Z[block.x : +1, 0 : +32], z
