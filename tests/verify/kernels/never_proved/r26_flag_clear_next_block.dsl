# WRONG: clears the next block's flag, which that block reads (a race between blocks).
kernel flag_clear_next_block(X: f32[R, 32], F: i32[R], Y: f32[R, 32]):
    grid (R)
    threads 32
    x = load X[block.x : +1, 0 : +32]
    if F[block.x] > 0:
        y = x * 2.0
        store Y[block.x : +1, 0 : +32], y
        barrier
        if thread.x == 0:
            z = zeros i32[1]
            store F[(block.x + 1) % R : +1], z
    else:
        store Y[block.x : +1, 0 : +32], x
