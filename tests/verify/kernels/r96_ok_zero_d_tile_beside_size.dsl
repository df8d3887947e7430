# Held-out round 96 (the lowering): the interpreter and the lowering typed this scalar or
# 0-d tile math differently (f64 against f32, a compare's type taken from its literal).
kernel d07_scalar_tile_f64(X: f32[R, 32], Y: f32[R], Z: f32[R]):
    grid (R)
    threads 32
    x = load X[block.x, 0 : +32]
    m = max(x, axis=0)
    y = m * R / 4.0
    z = where(m > 0.0, m, 0.3) * 4.0 / 8.0
    store Y[block.x], y
    store Z[block.x], z
