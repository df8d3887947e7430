kernel p19_bad_state_flag_overwritten(X: f32[R, 32], F: i32[R], Y: f32[R, 32]):
    assume F[i] >= 1
    grid (R)
    threads 32
    x = load X[block.x : +1, 0 : +32]
    old = load Y[block.x : +1, 0 : +32]
    if thread.x == 0:
        z = zeros i32[1]
        store F[block.x : +1], z
    barrier
    if F[block.x] > 0:
        store Y[block.x : +1, 0 : +32], x
