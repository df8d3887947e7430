kernel d19_mod_cast_num_index(X: i32[G, 32], F: f32[G, 32], Y: i32[G, 32]):
    grid (G)
    threads 32
    x = load X[block.x : +1, 0 : +32]
    f = load F[block.x : +1, 0 : +32]
    y = cast(f, i32) % (index(x, axis=1) - 5)
    store Y[block.x : +1, 0 : +32], y
