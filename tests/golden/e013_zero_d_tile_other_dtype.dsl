# Held-out round 96: an i8 tile plus a 0-d i32 tile (a row's max) was typed i8 and lowered
# with the max wrapped to i8; a 0-d tile is a tile, so the dtypes must agree.
kernel d11_scalar_tile_mix(X: i8[R, 32], W: i32[R, 32], F: f32[R, 32], Y: i8[R, 32], Z: i32[R, 32], V: f32[R, 32]):
    grid (R)
    threads 32
    x = load X[block.x : +1, 0 : +32]
    w = load W[block.x : +1, 0 : +32]
    f = load F[block.x : +1, 0 : +32]
    wr = load W[block.x, 0 : +32]
    fr = load F[block.x, 0 : +32]
    n = max(wr, axis=0)
    g = max(fr, axis=0)
    y = (x + n) / 4  #! error[E013]
    z = w * g
    v = f * n
    store Y[block.x : +1, 0 : +32], y
    store Z[block.x : +1, 0 : +32], z
    store V[block.x : +1, 0 : +32], v
