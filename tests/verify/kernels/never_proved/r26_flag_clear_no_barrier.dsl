# WRONG: every thread tests F[b]; thread 0 clears it inside the if with no barrier, so a slower
# thread may read the cleared flag and take the other branch (RACE on F[b]).
kernel g21_bad_flag_clear_in_if(X: f32[R, 32], F: i32[R], Y: f32[R, 32]):
    grid (R)
    threads 32
    x = load X[block.x : +1, 0 : +32]
    if F[block.x] > 0:
        y = x * 2.0
        store Y[block.x : +1, 0 : +32], y
        if thread.x == 0:
            z = zeros i32[1]
            store F[block.x : +1], z
    else:
        store Y[block.x : +1, 0 : +32], x
