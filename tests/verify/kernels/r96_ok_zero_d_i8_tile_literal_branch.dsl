# Held-out round 96 (the lowering): the interpreter and the lowering typed this scalar or
# 0-d tile math differently (f64 against f32, a compare's type taken from its literal).
kernel d08_scalar_tile_int(X: i8[R, 32], H: f16[R, 32], Y: i8[R], Z: f16[R]):
    grid (R)
    threads 32
    x = load X[block.x, 0 : +32]
    h = load H[block.x, 0 : +32]
    m = max(x, axis=0)
    y = (where(0 < m, m, 5) + 100) / 2
    g = max(h, axis=0)
    z = g * R * 0.25
    store Y[block.x], y
    store Z[block.x], z
