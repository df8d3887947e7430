kernel p30_bad_state_2dgrid_alias(X: f32[R, 64], Y: f32[R, 64], F: i32[R, 2]):
    grid (R, 2)
    threads 32
    x = load X[block.x : +1, block.y * 32 : +32]
    old = load Y[block.x : +1, block.y * 32 : +32]
    if F[block.x, block.y] > 0:
        if F[block.x, block.y * 1] <= 0 or block.y == 1:
            store Y[block.x : +1, block.y * 32 : +32], x
