# i32 tile remainder by a tile cast from floats (0 where |f| < 1)
kernel d04_int_tile_mod_by_tile_cast(X: i32[R, 32], F: f32[R, 32], Y: i32[R, 32]):
    grid (R)
    threads 32
    x = load X[block.x : +1, 0 : +32]
    f = load F[block.x : +1, 0 : +32]
    y = x % cast(f, i32)
    store Y[block.x : +1, 0 : +32], y
