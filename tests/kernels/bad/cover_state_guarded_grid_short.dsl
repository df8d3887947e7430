# State (X read and written) doubled in place, the grid rounded down, and a second store
# under a condition on data: the exemption for state stored where its data says skipped
# the whole coverage check, and the tail was never written (held-out round 88).
kernel state_guarded_grid_short(X: f32[N], F: i32[1]):
    assume N >= 1
    grid (N / 32)  #! warning[GRID]
    threads 32
    tag X[i] = (idx=i)
    x = load X[block.x * 32 : +32]
    y = x * 2.0
    store X[block.x * 32 : +32], y  #! error[COVER]
    if F[0] > 100:
        store X[block.x * 32 : +32], y
