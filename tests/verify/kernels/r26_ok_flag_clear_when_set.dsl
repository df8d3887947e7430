# Correct: as g21 with a barrier (uniform: the condition is the block's flag) before the clear.
kernel g22_ok_flag_clear_in_if_barrier(X: f32[R, 32], F: i32[R], Y: f32[R, 32]):
    grid (R)
    threads 32
    x = load X[block.x : +1, 0 : +32]
    if F[block.x] > 0:
        y = x * 2.0
        store Y[block.x : +1, 0 : +32], y
        barrier
        if thread.x == 0:
            z = zeros i32[1]
            store F[block.x : +1], z
    else:
        store Y[block.x : +1, 0 : +32], x
